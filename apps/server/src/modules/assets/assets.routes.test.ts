import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng, multipartBody, uploadImage } from '../../../test/images.ts';
import { setUpOrganiserSite } from '../../../test/organiser.ts';
import { type SignedIn, signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

describe.each(testEngines)('avatars on %s', (engine) => {
  // The site's lan administrator, whom setUpOrganiserSite adds, takes no part.
  const { site, as } = setUpOrganiserSite(engine, { callers: ['Lanner', 'MemberAdministrator'] });
  // Signed in before the first test.
  const owner = () => as.Lanner as SignedIn;
  const memberAdmin = () => as.MemberAdministrator as SignedIn;
  let stranger: SignedIn;

  const upload = (asset: string, who: SignedIn | undefined, bytes: Buffer, field = 'image') =>
    uploadImage(site.app, asset, bytes, { headers: who?.headers ?? {}, field });
  const get = (url: string, headers: Record<string, string> = {}) =>
    site.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    stranger = await signInAs(site.db, site.issuer, ['Lanner']);
  });

  it('has no avatar until one is uploaded', async () => {
    const head = await site.app.inject({
      method: 'HEAD',
      url: `/api/assets/user-${owner().user.id}`,
    });
    expect(head.statusCode).toBe(404);
  });

  it('takes a PNG from its owner, without its text metadata, and serves it with Last-Modified', async () => {
    const response = await upload(
      `user-${owner().user.id}.png`,
      owner(),
      makePng('GPS 52.09 5.12'),
    );
    expect(response.statusCode).toBe(204);
    const head = await site.app.inject({
      method: 'HEAD',
      url: `/api/assets/user-${owner().user.id}`,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(Date.parse(String(head.headers['last-modified']))).toBeGreaterThan(Date.now() - 60_000);
    const image = await get(`/api/assets/user-${owner().user.id}.png`);
    const { data, info } = await sharp(image.rawPayload)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([info.width, info.height, ...data]).toEqual([1, 1, 0x22, 0xd3, 0xee]);
    expect(image.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('serves the same image whatever extension the address ends in', async () => {
    for (const extension of ['', '.jpg', '.png', '.dat']) {
      const image = await get(`/api/assets/user-${owner().user.id}${extension}`);
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/png');
    }
    expect((await get(`/api/assets/user-${owner().user.id}.gif`)).statusCode).toBe(404);
  });

  it('revalidates with the ETag and with Last-Modified', async () => {
    const first = await get(`/api/assets/user-${owner().user.id}`);
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    const byTag = await get(`/api/assets/user-${owner().user.id}`, {
      'if-none-match': String(first.headers.etag),
    });
    expect(byTag.statusCode).toBe(304);
    const byDate = await get(`/api/assets/user-${owner().user.id}`, {
      'if-modified-since': String(first.headers['last-modified']),
    });
    expect(byDate.statusCode).toBe(304);
  });

  it('takes a JPEG from a member administrator, without EXIF, whatever the extension says', async () => {
    const jpeg = await makeJpeg({ exif: { IFD0: { ImageDescription: 'GPS 52.09 5.12' } } });
    const response = await upload(`user-${stranger.user.id}.png`, memberAdmin(), jpeg);
    expect(response.statusCode).toBe(204);
    const image = await get(`/api/assets/user-${stranger.user.id}`);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect((await sharp(image.rawPayload).metadata()).exif).toBeUndefined();
    expect(image.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('refuses another user’s avatar to a lanner', async () => {
    expect((await upload(`user-${owner().user.id}.png`, stranger, makePng())).statusCode).toBe(403);
  });

  it('refuses anonymous uploads', async () => {
    expect((await upload(`user-${owner().user.id}.png`, undefined, makePng())).statusCode).toBe(
      401,
    );
  });

  it('refuses what is not a JPEG or PNG, whatever its name, and keeps the old avatar', async () => {
    const before = await get(`/api/assets/user-${owner().user.id}`);
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const response = await upload(`user-${owner().user.id}.png`, owner(), gif);
    expect(response.statusCode).toBe(415);
    expect(response.json().detail).toBe('Only JPEG and PNG images can be uploaded.');
    const after = await get(`/api/assets/user-${owner().user.id}`);
    expect(after.headers.etag).toBe(before.headers.etag);
  });

  it('refuses a damaged PNG or JPEG with 415', async () => {
    const png = await upload(`user-${owner().user.id}.png`, owner(), makePng().subarray(0, 30));
    expect(png.statusCode).toBe(415);
    expect(png.json().detail).toMatch(/could not be read/);
    const jpeg = (await makeJpeg()).subarray(0, 300);
    expect((await upload(`user-${owner().user.id}.jpg`, owner(), jpeg)).statusCode).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const huge = Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const response = await upload(`user-${owner().user.id}.png`, owner(), huge);
    expect(response.statusCode).toBe(413);
    expect(response.json().detail).toMatch(/5 MB/);
  });

  it('refuses a form without the image field', async () => {
    const response = await upload(`user-${owner().user.id}.png`, owner(), makePng(), 'picture');
    expect(response.statusCode).toBe(400);
  });

  it('answers 415 to a body that is not a form', async () => {
    const response = await site.app.inject({
      method: 'PUT',
      url: `/api/assets/user-${owner().user.id}.png`,
      headers: { ...owner().headers, 'content-type': 'image/png' },
      payload: makePng(),
    });
    expect(response.statusCode).toBe(415);
  });

  it.each([
    ['cut short', (body: Buffer) => body.subarray(0, body.length - 30)],
    ['cut inside the part headers', (body: Buffer) => body.subarray(0, 60)],
    ['garbage', () => Buffer.from('this is not a multipart body at all\r\n\r\n--')],
    ['empty', () => Buffer.alloc(0)],
  ])('answers 400, not 500, to a multipart body %s', async (_, change) => {
    const body = multipartBody('image', 'me.png', 'image/png', makePng());
    const response = await site.app.inject({
      method: 'PUT',
      url: `/api/assets/user-${owner().user.id}.png`,
      payload: change(body.payload),
      headers: { ...body.headers, ...owner().headers },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('answers 400 to a multipart type without a boundary', async () => {
    const response = await site.app.inject({
      method: 'PUT',
      url: `/api/assets/user-${owner().user.id}.png`,
      payload: multipartBody('image', 'me.png', 'image/png', makePng()).payload,
      headers: { 'content-type': 'multipart/form-data', ...owner().headers },
    });
    expect(response.statusCode).toBe(400);
  });
});

// A site of its own: uploads are limited to 20 a minute, and this one makes many.
describe.each(testEngines)('asset ids on %s', (engine) => {
  const { site, as } = setUpOrganiserSite(engine, { callers: ['Lanner', 'MemberAdministrator'] });
  // Signed in before the first test.
  const owner = () => as.Lanner as SignedIn;
  const memberAdmin = () => as.MemberAdministrator as SignedIn;

  const upload = (asset: string, bytes: Buffer) =>
    uploadImage(site.app, asset, bytes, { headers: memberAdmin().headers });
  const get = (url: string) => site.app.inject({ method: 'GET', url });

  it('refuses ids that are not user-{id}.{jpg|png} and unknown users', async () => {
    const id = owner().user.id;
    for (const asset of [`user-${id}`, `user-${id}.dat`, `user-${id}.gif`, 'secrets-1.png']) {
      expect((await upload(asset, makePng())).statusCode, asset).toBe(400);
    }
    expect((await upload('user-999999.png', makePng())).statusCode).toBe(404);
    expect((await get('/api/assets/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
  });

  it('reads only plain positive decimal numbers as ids', async () => {
    const id = owner().user.id;
    for (const asset of [`user-0${id}`, `user-+${id}`, 'user-0', 'user-99999999999', 'user-1e3']) {
      expect((await get(`/api/assets/${encodeURIComponent(asset)}`)).statusCode, asset).toBe(404);
      const put = await upload(`${encodeURIComponent(asset)}.png`, makePng());
      expect(put.statusCode, asset).toBe(400);
    }
  });
});
