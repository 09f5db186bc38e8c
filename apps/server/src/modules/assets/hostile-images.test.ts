import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  type HostileImage,
  makeDecompressionBomb,
  makeJpegWithScriptComment,
  makeJpegWithSecretInColourProfile,
  makeJpegWithTrailer,
  makeMultiPictureJpeg,
  makePngWithPrivateChunks,
  makePolyglotPng,
} from '../../../test/hostile-images.ts';
import { makeJpeg, uploadImage } from '../../../test/images.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import type { SignedIn } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

/** What a browser of each kind gets: AVIF, WebP, and the type the image was uploaded in. */
const browsers = {
  avif: 'image/avif,image/webp,image/apng,*/*;q=0.8',
  webp: 'image/webp,*/*',
  master: '*/*',
};

const hostileImages: Array<[string, () => HostileImage | Promise<HostileImage>]> = [
  ['a phone’s multi-picture JPEG (MPF) with GPS in its second picture', makeMultiPictureJpeg],
  ['a JPEG with a secret after its end-of-image marker', makeJpegWithTrailer],
  ['a PNG with text, EXIF, time and private chunks', makePngWithPrivateChunks],
  ['a PNG that is also a ZIP holding a page with a script', makePolyglotPng],
  ['a JPEG whose comment holds a script', makeJpegWithScriptComment],
  ['a JPEG whose colour profile carries text', makeJpegWithSecretInColourProfile],
];

describe.each(testEngines)('hostile uploads on %s', (engine) => {
  const { site, api, as } = setUpOrganiserSite(engine, { callers: ['Lanner'] });
  // Signed in before the first test.
  const lanner = () => as.Lanner as SignedIn;

  const avatar = () => `user-${lanner().user.id}`;
  const get = (accept: string) =>
    site.app.inject({ method: 'GET', url: `/api/assets/${avatar()}`, headers: { accept } });

  it.each(hostileImages)(
    'serves %s with nothing but its picture, in every format',
    async (_, make) => {
      const hostile = await make();
      const put = await uploadImage(site.app, `${avatar()}.png`, hostile.bytes, {
        headers: lanner().headers,
      });
      expect(put.statusCode).toBe(204);
      for (const [format, accept] of Object.entries(browsers)) {
        const served = await get(accept);
        expect(served.statusCode, format).toBe(200);
        const bytes = served.rawPayload;
        for (const secret of hostile.secrets)
          expect(bytes.includes(secret), `${format}: ${secret}`).toBe(false);
        const metadata = await sharp(bytes).metadata();
        expect(metadata.exif, format).toBeUndefined();
        expect(metadata.xmp, format).toBeUndefined();
        expect(metadata.comments ?? [], format).toEqual([]);
        // One picture and nothing after it: no second JPEG, no trailer.
        if (metadata.format === 'jpeg') {
          expect(bytes.indexOf(Buffer.from([0xff, 0xd8, 0xff]), 2), format).toBe(-1);
          expect(bytes.subarray(-2).equals(Buffer.from([0xff, 0xd9])), format).toBe(true);
        }
      }
    },
  );

  it('keeps a colour profile, ours rather than the upload’s', async () => {
    const hostile = await makeJpegWithSecretInColourProfile();
    await uploadImage(site.app, `${avatar()}.jpg`, hostile.bytes, { headers: lanner().headers });
    const p3 = await sharp(await makeJpeg())
      .withIccProfile('p3')
      .toBuffer();
    const ours = (await sharp(p3).metadata()).icc;
    for (const accept of Object.values(browsers)) {
      const icc = (await sharp((await get(accept)).rawPayload).metadata()).icc;
      expect(icc?.equals(ours ?? Buffer.alloc(0)), accept).toBe(true);
    }
  });

  it('refuses a decompression bomb with a clear message, and keeps the image before it', async () => {
    const good = await makeJpeg();
    await uploadImage(site.app, `${avatar()}.jpg`, good, { headers: lanner().headers });
    const before = await get('*/*');
    const bomb = makeDecompressionBomb(10_000, 10_000);
    expect(bomb.length).toBeLessThan(20_000);
    const put = await uploadImage(site.app, `${avatar()}.png`, bomb, { headers: lanner().headers });
    expect(put.statusCode).toBe(400);
    expect(put.json().detail).toBe('The image is too large: at most 60 megapixels.');
    const after = await get('*/*');
    expect(after.headers.etag).toBe(before.headers.etag);
    expect(after.rawPayload.equals(before.rawPayload)).toBe(true);
  });

  it('stores nothing for a refused bomb', async () => {
    const { admin } = api;
    const lanId = (await api.createLan()).id;
    const bomb = makeDecompressionBomb(20_000, 20_000);
    const put = await uploadImage(site.app, `lan-${lanId}.png`, bomb, { headers: admin.headers });
    expect(put.statusCode).toBe(400);
    const head = await site.app.inject({ method: 'HEAD', url: `/api/assets/lan-${lanId}` });
    expect(head.statusCode).toBe(404);
    const rows = await site.db.selectFrom('assets').select('asset_id').execute();
    expect(rows.map((row) => row.asset_id)).not.toContain(`lan-${lanId}`);
  });
});
