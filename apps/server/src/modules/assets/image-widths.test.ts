import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { makeJpeg, makeLargePng, uploadImage } from '../../../test/images.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

const accepts = {
  avif: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
  webp: 'image/webp,*/*',
  none: 'image/*,*/*;q=0.8',
};
const aYear = 'public, max-age=31536000, immutable';
const everyTime = 'public, max-age=0, must-revalidate';

describe.each(testEngines)('images at the width shown, on %s', (engine) => {
  const { site, api } = setUpOrganiserSite(engine, {
    adminRoles: ['LanAdministrator', 'MemberAdministrator'],
  });
  const { admin } = api;

  const get = (url: string, accept?: string, headers: Record<string, string> = {}) =>
    site.app.inject({
      method: 'GET',
      url,
      headers: { ...(accept ? { accept } : {}), ...headers },
    });
  const metadataOf = async (bytes: Buffer) => {
    const { width, height, format } = await sharp(bytes).metadata();
    return { width, height, format };
  };
  const createLan = async (name: string) => (await api.createLan({ name })).id;
  const bannerVersionOf = async (lanId: number): Promise<string | null> =>
    (await get(`/api/lans/${lanId}`)).json().bannerVersion;
  const variantsOf = (assetId: string) =>
    site.db
      .selectFrom('asset_variants')
      .select(['format', 'width'])
      .where('asset_id', '=', assetId)
      .orderBy('format')
      .orderBy('width')
      .execute();

  it('serves a banner at each width asked for, in AVIF or WebP by Accept, else in its own type', async () => {
    const lanId = await createLan('Wide lan');
    await uploadImage(site.app, `lan-${lanId}.jpg`, await makeJpeg({ width: 2400, height: 900 }), {
      headers: admin.headers,
    });
    const served = {
      avif: await get(`/api/assets/lan-${lanId}?w=720`, accepts.avif),
      webp: await get(`/api/assets/lan-${lanId}?w=720`, accepts.webp),
      jpeg: await get(`/api/assets/lan-${lanId}?w=720`, accepts.none),
      bare: await get(`/api/assets/lan-${lanId}?w=720`),
    };
    expect(await metadataOf(served.avif.rawPayload)).toEqual({
      width: 720,
      height: 270,
      format: 'heif',
    });
    expect(await metadataOf(served.webp.rawPayload)).toEqual({
      width: 720,
      height: 270,
      format: 'webp',
    });
    expect(await metadataOf(served.jpeg.rawPayload)).toEqual({
      width: 720,
      height: 270,
      format: 'jpeg',
    });
    expect(served.avif.headers['content-type']).toBe('image/avif');
    expect(served.webp.headers['content-type']).toBe('image/webp');
    expect(served.jpeg.headers['content-type']).toBe('image/jpeg');
    expect(served.bare.headers.etag).toBe(served.jpeg.headers.etag);
    for (const response of Object.values(served)) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toBe('accept');
    }
    // Each width has its own ETag; the full width is the image as kept.
    const full = await get(`/api/assets/lan-${lanId}`, accepts.avif);
    const widest = await get(`/api/assets/lan-${lanId}?w=1600`, accepts.avif);
    expect(widest.headers.etag).toBe(full.headers.etag);
    expect(full.headers.etag).not.toBe(served.avif.headers.etag);
    const master = await get(`/api/assets/lan-${lanId}?w=1600`, accepts.none);
    expect((await get(`/api/assets/lan-${lanId}.jpg`)).headers.etag).toBe(master.headers.etag);
    expect(await metadataOf(master.rawPayload)).toEqual({
      width: 1600,
      height: 600,
      format: 'jpeg',
    });
    // Made once, kept by format and width; the master's own size in its own type is no variant.
    expect(await variantsOf(`lan-${lanId}`)).toEqual([
      { format: 'avif', width: 720 },
      { format: 'avif', width: 1600 },
      { format: 'jpg', width: 720 },
      { format: 'webp', width: 720 },
    ]);
    const again = await get(`/api/assets/lan-${lanId}?w=720`, accepts.avif);
    expect(again.rawPayload.equals(served.avif.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(served.avif.headers.etag);
  });

  it('serves avatars at their widths, never enlarged, a PNG in its own type', async () => {
    const avatar = `user-${admin.user.id}`;
    const put = await uploadImage(site.app, `${avatar}.png`, await makeLargePng(100, 100), {
      headers: admin.headers,
    });
    expect(put.statusCode).toBe(204);
    const small = await get(`/api/assets/${avatar}?w=64`, accepts.none);
    expect(await metadataOf(small.rawPayload)).toEqual({ width: 64, height: 64, format: 'png' });
    expect(small.headers['content-type']).toBe('image/png');
    const webp = await get(`/api/assets/${avatar}?w=64`, accepts.webp);
    expect(await metadataOf(webp.rawPayload)).toEqual({ width: 64, height: 64, format: 'webp' });
    // Kept at 100 px: 128 and 256 are the image itself, one variant for both.
    const master = await get(`/api/assets/${avatar}`, accepts.none);
    for (const width of [128, 256]) {
      expect((await get(`/api/assets/${avatar}?w=${width}`, accepts.none)).headers.etag).toBe(
        master.headers.etag,
      );
    }
    const [wide, wider] = [
      await get(`/api/assets/${avatar}?w=128`, accepts.avif),
      await get(`/api/assets/${avatar}?w=256`, accepts.avif),
    ];
    expect(wider.headers.etag).toBe(wide.headers.etag);
    expect(await metadataOf(wider.rawPayload)).toEqual({ width: 100, height: 100, format: 'heif' });
    expect(await variantsOf(avatar)).toEqual([
      { format: 'avif', width: 100 },
      { format: 'png', width: 64 },
      { format: 'webp', width: 64 },
    ]);
  });

  it('answers a width that is not one of the kind’s with a 400 naming w', async () => {
    const lanId = await createLan('Narrow lan');
    const cases = [
      [`/api/assets/lan-${lanId}?w=500`, /one of 400, 720, 1120, 1600/],
      [`/api/assets/lan-${lanId}?w=64`, /one of 400, 720, 1120, 1600/],
      [`/api/assets/user-${admin.user.id}?w=400`, /one of 64, 128, 192, 256/],
      [`/api/assets/user-${admin.user.id}?w=1e3`, /whole number/],
      [`/api/assets/user-${admin.user.id}?w=`, /whole number/],
    ] as const;
    for (const [url, message] of cases) {
      const response = await get(url, accepts.avif);
      expect(response.statusCode, url).toBe(400);
      expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(response.json().errors.w, url).toEqual([expect.stringMatching(message)]);
    }
    // A lan without a banner: the width is checked first, then the 404.
    expect((await get(`/api/assets/lan-${lanId}?w=720`, accepts.avif)).statusCode).toBe(404);
    expect((await variantsOf(`lan-${lanId}`)).length).toBe(0);
  });

  it('is kept for a year at the current version’s address, revalidated at any other', async () => {
    const lanId = await createLan('Cached lan');
    await uploadImage(site.app, `lan-${lanId}.jpg`, await makeJpeg({ width: 900, height: 300 }), {
      headers: admin.headers,
    });
    const version = await bannerVersionOf(lanId);
    expect(version).toMatch(/^[\w-]{27}$/);
    const versioned = await get(`/api/assets/lan-${lanId}?v=${version}&w=400`, accepts.avif);
    expect(versioned.statusCode).toBe(200);
    expect(versioned.headers['cache-control']).toBe(aYear);
    expect(versioned.headers.vary).toBe('accept');
    const head = await site.app.inject({
      method: 'HEAD',
      url: `/api/assets/lan-${lanId}?v=${version}`,
      headers: { accept: accepts.avif },
    });
    expect(head.headers['cache-control']).toBe(aYear);
    // Today's addresses answer as before.
    for (const url of [
      `/api/assets/lan-${lanId}`,
      `/api/assets/lan-${lanId}.jpg?lm=1741435200000`,
      `/api/assets/lan-${lanId}?v=an-older-version&w=400`,
    ]) {
      const response = await get(url, accepts.avif);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['cache-control'], url).toBe(everyTime);
    }
    const revalidated = await get(`/api/assets/lan-${lanId}?v=${version}&w=400`, accepts.avif, {
      'if-none-match': String(versioned.headers.etag),
    });
    expect(revalidated.statusCode).toBe(304);
  });

  it('replaces every width and format with a new upload, under a new version', async () => {
    const lanId = await createLan('Replaced lan');
    const asset = `lan-${lanId}`;
    await uploadImage(site.app, `${asset}.jpg`, await makeJpeg({ width: 1600, height: 600 }), {
      headers: admin.headers,
    });
    const before = await bannerVersionOf(lanId);
    const old = {
      avif: await get(`/api/assets/${asset}?v=${before}&w=720`, accepts.avif),
      jpeg: await get(`/api/assets/${asset}?v=${before}&w=400`, accepts.none),
    };
    expect((await variantsOf(asset)).length).toBe(2);

    await uploadImage(site.app, `${asset}.png`, await makeLargePng(800, 200), {
      headers: admin.headers,
    });
    expect(await variantsOf(asset)).toEqual([]);
    const after = await bannerVersionOf(lanId);
    expect(after).not.toBe(before);
    const now = {
      avif: await get(`/api/assets/${asset}?v=${after}&w=720`, accepts.avif),
      png: await get(`/api/assets/${asset}?v=${after}&w=400`, accepts.none),
    };
    expect(now.avif.headers.etag).not.toBe(old.avif.headers.etag);
    expect(now.avif.headers['cache-control']).toBe(aYear);
    expect(await metadataOf(now.avif.rawPayload)).toEqual({
      width: 720,
      height: 180,
      format: 'heif',
    });
    expect(await metadataOf(now.png.rawPayload)).toEqual({
      width: 400,
      height: 100,
      format: 'png',
    });
    // An address of the old version is answered the new image, never to be kept long.
    const stale = await get(`/api/assets/${asset}?v=${before}&w=720`, accepts.avif);
    expect(stale.headers.etag).toBe(now.avif.headers.etag);
    expect(stale.headers['cache-control']).toBe(everyTime);
  });
});
