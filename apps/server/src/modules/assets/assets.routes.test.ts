import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiSite, startApiSite } from '../../../test/api-site.ts';
import { makeJpeg, makePng, multipartBody } from '../../../test/images.ts';
import { type SignedIn, signInAs } from '../../../test/signed-in.ts';
import { testEngines } from '../../../test/test-database.ts';

describe.each(testEngines)('avatars on %s', (engine) => {
  let site: ApiSite;
  let owner: SignedIn;
  let stranger: SignedIn;
  let memberAdmin: SignedIn;

  const upload = (asset: string, who: SignedIn | undefined, bytes: Buffer, field = 'image') => {
    const body = multipartBody(field, 'me.png', 'image/png', bytes);
    return site.app.inject({
      method: 'PUT',
      url: `/api/assets/${asset}`,
      payload: body.payload,
      headers: { ...body.headers, ...(who?.headers ?? {}) },
    });
  };

  beforeAll(async () => {
    site = await startApiSite(engine);
    owner = await signInAs(site.db, site.issuer, ['Lanner']);
    stranger = await signInAs(site.db, site.issuer, ['Lanner']);
    memberAdmin = await signInAs(site.db, site.issuer, ['MemberAdministrator']);
  });
  afterAll(async () => site?.close());

  it('has no avatar until one is uploaded', async () => {
    expect(
      (await site.app.inject({ method: 'HEAD', url: `/api/assets/user-${owner.user.id}` }))
        .statusCode,
    ).toBe(404);
  });

  it('takes a PNG from its owner, without its text metadata, and serves it with Last-Modified', async () => {
    const response = await upload(`user-${owner.user.id}.png`, owner, makePng('GPS 52.09 5.12'));
    expect(response.statusCode).toBe(204);
    const head = await site.app.inject({
      method: 'HEAD',
      url: `/api/assets/user-${owner.user.id}`,
    });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/png');
    expect(Date.parse(String(head.headers['last-modified']))).toBeGreaterThan(Date.now() - 60_000);
    const image = await site.app.inject({
      method: 'GET',
      url: `/api/assets/user-${owner.user.id}.png`,
    });
    expect(image.rawPayload.equals(makePng())).toBe(true);
    expect(image.rawPayload.includes(Buffer.from('GPS'))).toBe(false);
  });

  it('revalidates with the ETag', async () => {
    const first = await site.app.inject({
      method: 'GET',
      url: `/api/assets/user-${owner.user.id}`,
    });
    const again = await site.app.inject({
      method: 'GET',
      url: `/api/assets/user-${owner.user.id}`,
      headers: { 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('takes a JPEG from a member administrator, without EXIF and comments, whatever the extension says', async () => {
    const response = await upload(
      `user-${stranger.user.id}.png`,
      memberAdmin,
      makeJpeg('GPS 52.09 5.12'),
    );
    expect(response.statusCode).toBe(204);
    const image = await site.app.inject({
      method: 'GET',
      url: `/api/assets/user-${stranger.user.id}`,
    });
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.rawPayload.equals(stripExpected())).toBe(true);
    expect(image.rawPayload.includes(Buffer.from('Exif'))).toBe(false);
    expect(image.rawPayload.includes(Buffer.from('a comment'))).toBe(false);
  });

  it('refuses another user’s avatar to a lanner', async () => {
    expect((await upload(`user-${owner.user.id}.png`, stranger, makePng())).statusCode).toBe(403);
  });

  it('refuses anonymous uploads', async () => {
    expect((await upload(`user-${owner.user.id}.png`, undefined, makePng())).statusCode).toBe(401);
  });

  it('refuses what is not a JPEG or PNG, whatever its name, and keeps the old avatar', async () => {
    const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
    const response = await upload(`user-${owner.user.id}.png`, owner, gif);
    expect(response.statusCode).toBe(415);
    const image = await site.app.inject({
      method: 'GET',
      url: `/api/assets/user-${owner.user.id}`,
    });
    expect(image.headers['content-type']).toBe('image/png');
  });

  it('refuses a damaged PNG', async () => {
    expect(
      (await upload(`user-${owner.user.id}.png`, owner, makePng().subarray(0, 30))).statusCode,
    ).toBe(415);
  });

  it('refuses a file over 5 MB with 413', async () => {
    const huge = Buffer.concat([makePng(), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    expect((await upload(`user-${owner.user.id}.png`, owner, huge)).statusCode).toBe(413);
  });

  it('refuses a form without the image field', async () => {
    expect(
      (await upload(`user-${owner.user.id}.png`, owner, makePng(), 'picture')).statusCode,
    ).toBe(400);
  });

  it('refuses ids that are not user-{id}.{jpg|png} and unknown users', async () => {
    expect((await upload(`user-${owner.user.id}`, owner, makePng())).statusCode).toBe(400);
    expect((await upload('secrets-1.png', memberAdmin, makePng())).statusCode).toBe(400);
    expect((await upload('user-999999.png', memberAdmin, makePng())).statusCode).toBe(404);
    expect(
      (await site.app.inject({ method: 'GET', url: '/api/assets/..%2F..%2Fetc%2Fpasswd' }))
        .statusCode,
    ).toBe(404);
  });
});

/** makeJpeg() without its comment segment: what a stripped upload must equal. */
function stripExpected(): Buffer {
  const plain = makeJpeg();
  const comment = plain.indexOf(Buffer.from([0xff, 0xfe]));
  const length = plain.readUInt16BE(comment + 2);
  return Buffer.concat([plain.subarray(0, comment), plain.subarray(comment + 2 + length)]);
}
