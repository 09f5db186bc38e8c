// The brand's hues, so generated avatars look like they belong to the site.
const PALETTE = ['#22d3ee', '#8b5cf6', '#ec4899', '#facc15', '#111730'] as const;
/** The hues dark enough for a white letter. */
const DARK_HUES = new Set<string>(['#8b5cf6', '#111730']);
const DARK_INK = '#111730';

/** What a generated avatar is drawn from: hues, the disc in a corner, and the letter. */
export type GeneratedAvatar = {
  letter: string;
  background: string;
  /** The letter's colour: white on the dark hues, the dark ink on the light ones. */
  ink: string;
  disc: string;
  /** The disc's centre and radius, in percent of the avatar's width. */
  discX: number;
  discY: number;
  discRadius: number;
};

/** Worked out once per nickname. A community has hundreds of them, not millions; bounded all the same. */
const made = new Map<string, GeneratedAvatar>();
const MADE_LIMIT = 2000;

/** 32-bit FNV-1a of the text: the same nickname always gives the same avatar. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

const hue = (index: number) => PALETTE[index % PALETTE.length] as string;

/**
 * The fallback avatar of someone without an uploaded one, drawn from the nickname: a
 * background in one brand hue, a disc of another in a corner, and the first letter. The
 * avatar draws it with CSS (a gradient and a letter): no image to fetch or decode, and
 * none of the work an SVG image costs the main thread (a document of its own to parse,
 * lay out and paint, per avatar).
 */
export function generatedAvatar(nickname: string): GeneratedAvatar {
  const known = made.get(nickname);
  if (known) return known;
  const hash = hashOf(nickname);
  const background = hue(hash % PALETTE.length);
  const corner = (hash >>> 8) % 4;
  const avatar: GeneratedAvatar = {
    letter: [...nickname.trim()][0]?.toUpperCase() ?? '?',
    background,
    ink: DARK_HUES.has(background) ? '#fff' : DARK_INK,
    // Another hue than the background's: one of the other four.
    disc: hue((hash % PALETTE.length) + 1 + ((hash >>> 4) % (PALETTE.length - 1))),
    discX: corner % 2 === 0 ? 10 : 90,
    discY: corner < 2 ? 10 : 90,
    discRadius: 30 + ((hash >>> 12) % 10),
  };
  if (made.size >= MADE_LIMIT) made.clear();
  made.set(nickname, avatar);
  return avatar;
}
