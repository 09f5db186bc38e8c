import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makeLargePng, uploadImage } from '../../../test/images.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { testEngines } from '../../../test/test-database.ts';

const accepts = {
  avif: 'image/avif,image/webp,image/apng,image/*,*/*;q=0.8',
  webp: 'image/webp,*/*',
  jpeg: 'image/*,*/*;q=0.8',
};

describe.each(testEngines)('serving images on %s', (engine) => {
  const { site, api } = setUpOrganiserSite(engine, {
    adminRoles: ['LanAdministrator', 'MemberAdministrator'],
  });
  const { admin } = api;
  let lanId: number;

  const get = (asset: string, accept?: string, headers: Record<string, string> = {}) =>
    site.app.inject({
      method: 'GET',
      url: `/api/assets/${asset}`,
      headers: { ...(accept ? { accept } : {}), ...headers },
    });
  const sizeOf = async (bytes: Buffer) => {
    const { width, height } = await sharp(bytes).metadata();
    return { width, height };
  };

  beforeAll(async () => {
    lanId = (await api.createLan()).id;
    const banner = await makeJpeg({ width: 2400, height: 900 });
    const put = await uploadImage(site.app, `lan-${lanId}.jpg`, banner, { headers: admin.headers });
    expect(put.statusCode).toBe(204);
  });

  it('serves AVIF, WebP or the uploaded type by Accept, each with its own ETag, varying by Accept', async () => {
    const served = {
      avif: await get(`lan-${lanId}`, accepts.avif),
      webp: await get(`lan-${lanId}`, accepts.webp),
      jpeg: await get(`lan-${lanId}.jpg`, accepts.jpeg),
      none: await get(`lan-${lanId}.dat`),
    };
    expect(served.avif.headers['content-type']).toBe('image/avif');
    expect(served.webp.headers['content-type']).toBe('image/webp');
    expect(served.jpeg.headers['content-type']).toBe('image/jpeg');
    expect(served.none.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(served.avif.rawPayload).metadata()).format).toBe('heif');
    expect((await sharp(served.webp.rawPayload).metadata()).format).toBe('webp');
    for (const response of Object.values(served)) {
      expect(response.statusCode).toBe(200);
      expect(response.headers.vary).toBe('accept');
      expect(response.headers['last-modified']).toBe(served.jpeg.headers['last-modified']);
    }
    const etags = new Set([served.avif, served.webp, served.jpeg].map((r) => r.headers.etag));
    expect(etags.size).toBe(3);
    expect(served.none.headers.etag).toBe(served.jpeg.headers.etag);
  });

  it('answers 304 to the ETag of the same format only', async () => {
    const avif = await get(`lan-${lanId}`, accepts.avif);
    const tag = String(avif.headers.etag);
    const again = await get(`lan-${lanId}`, accepts.avif, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.headers.vary).toBe('accept');
    expect(again.headers.etag).toBe(tag);
    const otherFormat = await get(`lan-${lanId}`, accepts.webp, { 'if-none-match': tag });
    expect(otherFormat.statusCode).toBe(200);
    const head = await site.app.inject({
      method: 'HEAD',
      url: `/api/assets/lan-${lanId}`,
      headers: { accept: accepts.avif },
    });
    expect(head.headers.etag).toBe(tag);
    expect(head.headers['content-type']).toBe('image/avif');
  });

  it('does not serve AVIF to a browser that refuses it with q=0', async () => {
    const response = await get(`lan-${lanId}`, 'image/avif;q=0,image/webp,*/*');
    expect(response.headers['content-type']).toBe('image/webp');
  });

  it('makes each format once and keeps it, tagged with the image it was made from', async () => {
    const first = await get(`lan-${lanId}`, accepts.avif);
    const second = await get(`lan-${lanId}`, accepts.avif);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const master = await site.db
      .selectFrom('assets')
      .select('etag')
      .where('asset_id', '=', `lan-${lanId}`)
      .executeTakeFirstOrThrow();
    const variants = await site.db
      .selectFrom('asset_variants')
      .select(['format', 'source_etag', 'etag'])
      .where('asset_id', '=', `lan-${lanId}`)
      .orderBy('format')
      .execute();
    expect(variants).toEqual([
      { format: 'avif', source_etag: master.etag, etag: first.headers.etag },
      { format: 'webp', source_etag: master.etag, etag: expect.any(String) },
    ]);
  });

  it('gives requests that arrive together one variant', async () => {
    const lan = await api.createLan({ name: 'Busy lan' });
    const asset = `lan-${lan.id}`;
    await uploadImage(site.app, `${asset}.png`, await makeLargePng(600, 200), {
      headers: admin.headers,
    });
    const responses = await Promise.all(Array.from({ length: 4 }, () => get(asset, accepts.avif)));
    expect(new Set(responses.map((response) => response.headers.etag)).size).toBe(1);
  });

  it('keeps a banner at most 1,600 px wide, in every format', async () => {
    for (const accept of Object.values(accepts)) {
      expect(await sizeOf((await get(`lan-${lanId}`, accept)).rawPayload)).toEqual({
        width: 1600,
        height: 600,
      });
    }
  });

  it('keeps an avatar at 256 × 256, never enlarges a small one, and turns a photo upright', async () => {
    const userId = admin.user.id;
    const upload = (bytes: Buffer) =>
      uploadImage(site.app, `user-${userId}.jpg`, bytes, { headers: admin.headers });
    await upload(await makeJpeg({ width: 800, height: 600 }));
    expect(await sizeOf((await get(`user-${userId}`)).rawPayload)).toEqual({
      width: 256,
      height: 256,
    });
    await upload(await makeJpeg({ width: 100, height: 80 }));
    expect(await sizeOf((await get(`user-${userId}`)).rawPayload)).toEqual({
      width: 100,
      height: 80,
    });
    // Taken with the phone on its side: stored 64 × 48, shown 48 × 64.
    await upload(await makeJpeg({ width: 64, height: 48, orientation: 6 }));
    const upright = (await get(`user-${userId}`)).rawPayload;
    expect(await sizeOf(upright)).toEqual({ width: 48, height: 64 });
    expect((await sharp(upright).metadata()).orientation).toBeUndefined();
  });

  it('drops the formats made from an image when it is replaced', async () => {
    const asset = `lan-${lanId}`;
    const before = await get(asset, accepts.avif);
    const put = await uploadImage(site.app, `${asset}.png`, await makeLargePng(300, 100), {
      headers: admin.headers,
    });
    expect(put.statusCode).toBe(204);
    const variants = await site.db
      .selectFrom('asset_variants')
      .select('format')
      .where('asset_id', '=', asset)
      .execute();
    expect(variants).toEqual([]);
    const after = await get(asset, accepts.avif);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(await sizeOf(after.rawPayload)).toEqual({ width: 300, height: 100 });
    expect((await get(asset)).headers['content-type']).toBe('image/png');
  });

  it('never serves a variant made from an image that was since replaced', async () => {
    const asset = `lan-${lanId}`;
    const current = await get(asset, accepts.webp);
    // What a server that was still encoding the old image would leave behind.
    await site.db
      .updateTable('asset_variants')
      .set({ source_etag: '"an-older-image"', bytes: Buffer.from('old'), etag: '"old"' })
      .where('asset_id', '=', asset)
      .where('format', '=', 'webp')
      .execute();
    const served = await get(asset, accepts.webp);
    expect(served.headers.etag).toBe(current.headers.etag);
    expect(served.rawPayload.equals(current.rawPayload)).toBe(true);
  });
});
