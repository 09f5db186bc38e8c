/**
 * Where the admin screens' tables become cards (the participants, the lans): 640 px, the
 * width under which a table of six or more columns no longer fits without scrolling sideways.
 */
export const adminPhoneQuery = '(max-width: 40rem)';
