/**
 * Announcements (issue 35): short notes lan administrators post during a lan, shown on the
 * lan page and on the lan's screens, optionally pinned, optionally in the chat too.
 */
export const announcementLimits = {
  textMaxLength: 280,
  /** Announcements a lan may hold: a weekend's worth many times over. */
  perLan: 500,
} as const;
