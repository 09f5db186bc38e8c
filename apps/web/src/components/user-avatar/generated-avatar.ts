// The brand's hues, so generated avatars look like they belong to the site.
const PALETTE = ['#22d3ee', '#8b5cf6', '#ec4899', '#facc15', '#111730'] as const;
/** The hues dark enough for a white letter. */
const DARK_HUES = new Set<string>(['#8b5cf6', '#111730']);
const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

/** Made once per nickname. A community has hundreds of them, not millions; bounded all the same. */
const made = new Map<string, string>();
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
 * background in one brand hue, a disc of another in a corner, and the first letter. A few
 * hundred bytes of SVG as a data URL, so an <img> shows it — decoded off the main thread,
 * one element with nothing inside to lay out — worked out once per nickname.
 */
export function generatedAvatarUrl(nickname: string): string {
  const known = made.get(nickname);
  if (known) return known;
  const hash = hashOf(nickname);
  const background = hash % PALETTE.length;
  // Another hue than the background's: one of the other four.
  const disc = background + 1 + ((hash >>> 4) % (PALETTE.length - 1));
  const corner = (hash >>> 8) % 4;
  const radius = 24 + ((hash >>> 12) % 8);
  const letter = [...nickname.trim()][0]?.toUpperCase() ?? '?';
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 80 80">' +
    `<rect width="80" height="80" fill="${hue(background)}"/>` +
    `<circle cx="${corner % 2 === 0 ? 8 : 72}" cy="${corner < 2 ? 8 : 72}" r="${radius}" ` +
    `fill="${hue(disc)}"/>` +
    '<text x="40" y="40" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" ' +
    `font-size="38" font-weight="700" fill="${DARK_HUES.has(hue(background)) ? '#fff' : '#111730'}">` +
    `${letter.replace(/[&<>]/g, (character) => escapes[character] ?? '')}</text></svg>`;
  const url = `data:image/svg+xml,${encodeURIComponent(svg)}`;
  if (made.size >= MADE_LIMIT) made.clear();
  made.set(nickname, url);
  return url;
}
