import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artworks, rasterDir, rasterNameOf, renderArtwork } from '../../../scripts/web-art.ts';

// The pictures the site shows for its drawings (decision 031) are kept in git; they must be
// what `npm run art` draws from the SVG files as they are now.
describe('the drawings as pictures (npm run art)', () => {
  it('has each picture as drawn from its SVG now', async () => {
    for (const artwork of artworks) {
      for (const width of artwork.widths) {
        const kept = readFileSync(path.join(rasterDir, rasterNameOf(artwork, width)));
        const drawn = await renderArtwork(artwork, width);
        expect(
          kept.equals(drawn),
          `${rasterNameOf(artwork, width)} differs from its drawing: npm run art`,
        ).toBe(true);
      }
    }
  }, 60_000);

  it('keeps no picture of a drawing it no longer draws', () => {
    const expected = artworks.flatMap((artwork) =>
      artwork.widths.map((width) => rasterNameOf(artwork, width)),
    );
    expect(readdirSync(rasterDir).sort()).toEqual(expected.sort());
  });
});
