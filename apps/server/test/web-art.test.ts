import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { artworks, rasterDir, rasterNameOf, renderArtwork } from '../../../scripts/web-art.ts';
import { repositoryRoot } from '../../../scripts/web-build.ts';

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

  // raster-art.ts lists the pictures by name (a glob's addresses cost the first screen's
  // budget), so a width added here and not there would be drawn and never shown.
  it('shows every picture it draws (raster-art.ts, the favicon in index.html)', () => {
    const web = path.join(repositoryRoot, 'apps/web');
    const shownIn =
      readFileSync(path.join(web, 'src/assets/raster-art.ts'), 'utf8') +
      readFileSync(path.join(web, 'index.html'), 'utf8');
    for (const artwork of artworks) {
      for (const width of artwork.widths) {
        expect(shownIn, rasterNameOf(artwork, width)).toContain(
          `raster/${rasterNameOf(artwork, width)}`,
        );
      }
    }
  });

  it('keeps no picture of a drawing it no longer draws', () => {
    const expected = artworks.flatMap((artwork) =>
      artwork.widths.map((width) => rasterNameOf(artwork, width)),
    );
    expect(readdirSync(rasterDir).sort()).toEqual(expected.sort());
  });
});
