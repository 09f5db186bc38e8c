import closedGateUrl from '../../assets/unauthorized-closed-gate.svg';
import guardBotUrl from '../../assets/unauthorized-guard-bot.svg';
import lockedDoorUrl from '../../assets/unauthorized-locked-door.svg';
import noEntryUrl from '../../assets/unauthorized-no-entry.svg';

export type UnauthorizedImage = { src: string; alt: string };

/** The four pictures the unauthorized page picks from (spec §9: one of 4). */
export const unauthorizedImages: readonly UnauthorizedImage[] = [
  { src: lockedDoorUrl, alt: 'A door with a big padlock, light glowing through the gap.' },
  { src: noEntryUrl, alt: 'A pixel-art gamer stopped in front of a no entry sign.' },
  { src: guardBotUrl, alt: 'A guard robot with a red visor, arms crossed, blocking the way.' },
  { src: closedGateUrl, alt: 'A closed gate with a chain and a padlock.' },
];

/** Picks one image; `random` returns a number in [0, 1) like Math.random. */
export function pickUnauthorizedImage(random: () => number = Math.random): UnauthorizedImage {
  const index = Math.min(
    Math.floor(random() * unauthorizedImages.length),
    unauthorizedImages.length - 1,
  );
  const image = unauthorizedImages[index];
  if (!image) throw new Error('There are no unauthorized images to pick from.');
  return image;
}
