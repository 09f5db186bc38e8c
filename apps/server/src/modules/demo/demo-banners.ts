import { encodePng } from '../../lib/png.ts';

/** The site's palette (visual.md): deep blue-black surfaces, cyan and violet accents. */
const palette = {
  night: [8, 12, 28],
  deep: [20, 24, 58],
  cyan: [34, 211, 238],
  violet: [139, 92, 246],
  pink: [236, 72, 153],
} as const;

type Rgb = readonly [number, number, number];

/** Variations of one artwork: the accent that glows, and the angle of the stripes. */
type Variant = { glow: Rgb; stripe: Rgb; slope: number };
const firstVariant: Variant = { glow: palette.cyan, stripe: palette.violet, slope: 0.6 };
const variants: readonly Variant[] = [
  firstVariant,
  { glow: palette.violet, stripe: palette.cyan, slope: -0.5 },
  { glow: palette.pink, stripe: palette.cyan, slope: 0.9 },
  { glow: palette.cyan, stripe: palette.pink, slope: -0.8 },
];

export const BANNER_VARIANT_COUNT = variants.length;

const mix = (a: number, b: number, t: number) => Math.round(a + (b - a) * t);

/**
 * A lan banner drawn here, not copied from anywhere: a night-blue gradient, a glow rising
 * from the bottom like screens in a dark room, and thin neon stripes. An RGB PNG, 12 by 5.
 */
export function drawBanner(variant: number, width = 960, height = 400): Buffer {
  const { glow, stripe, slope } = variants[variant % variants.length] ?? firstVariant;
  const rowLength = width * 3 + 1;
  const pixels = Buffer.alloc(rowLength * height);
  for (let y = 0; y < height; y++) {
    pixels[y * rowLength] = 0; // filter: none
    const vertical = y / (height - 1);
    for (let x = 0; x < width; x++) {
      const horizontal = x / (width - 1);
      // Background: night at the top to deep blue at the bottom.
      let r = mix(palette.night[0], palette.deep[0], vertical);
      let g = mix(palette.night[1], palette.deep[1], vertical);
      let b = mix(palette.night[2], palette.deep[2], vertical);
      // A soft glow from the bottom centre.
      const dx = (horizontal - 0.5) * 1.6;
      const dy = 1 - vertical;
      const glowStrength = Math.max(0, 1 - Math.sqrt(dx * dx + dy * dy * 2.2)) ** 2 * 0.75;
      r = mix(r, glow[0], glowStrength);
      g = mix(g, glow[1], glowStrength);
      b = mix(b, glow[2], glowStrength);
      // Diagonal neon stripes, brighter towards the right.
      const band = (((x + y * slope * 2.4) % 96) + 96) % 96;
      if (band < 4) {
        const strength = 0.15 + 0.45 * horizontal;
        r = mix(r, stripe[0], strength);
        g = mix(g, stripe[1], strength);
        b = mix(b, stripe[2], strength);
      }
      const offset = y * rowLength + 1 + x * 3;
      pixels[offset] = r;
      pixels[offset + 1] = g;
      pixels[offset + 2] = b;
    }
  }
  return encodePng({ width, height, scanlines: pixels, level: 6 });
}
