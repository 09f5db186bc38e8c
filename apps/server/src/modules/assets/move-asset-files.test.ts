import { existsSync, mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeJpegWithTrailer, makePngWithPrivateChunks } from '../../../test/hostile-images.ts';
import { makeJpeg, makeLargePng } from '../../../test/images.ts';
import { createTestSite, type TestSite, testEngines } from '../../../test/test-database.ts';
import { buildApp } from '../../app.ts';
import {
  type AppDatabase,
  createDatabase,
  databaseSchemaOf,
  migrateToLatest,
} from '../../db/database.ts';
import { findAsset } from './assets.repository.ts';
import { createImageReader, saveImage } from './assets.service.ts';
import { moveAssetFilesIntoDatabase } from './move-asset-files.ts';

const log = pino({ level: 'silent' });

describe.each(testEngines)('moving images from an old data folder on %s', (engine) => {
  let site: TestSite;
  let db: AppDatabase;
  let folder: string;

  const putFile = (name: string, bytes: Buffer) => {
    mkdirSync(folder, { recursive: true });
    writeFileSync(path.join(folder, name), bytes);
  };
  const move = () => moveAssetFilesIntoDatabase({ db, dataDir: site.dataDir, log });

  beforeEach(async () => {
    site = await createTestSite(engine);
    db = createDatabase(site.config.database);
    await migrateToLatest(db, databaseSchemaOf(site.config));
    folder = path.join(site.dataDir, 'assets');
  });
  afterEach(async () => {
    await db.destroy();
    await site.cleanUp();
  });

  it('moves every image in, encoded as an upload, and removes the emptied folder', async () => {
    const avatar = await makePngWithPrivateChunks();
    putFile('user-7.png', avatar.bytes);
    putFile('lan-3.jpg', await makeJpeg({ width: 2400, height: 800 }));
    const lastWeek = new Date(Date.now() - 7 * 86_400_000);
    utimesSync(path.join(folder, 'user-7.png'), lastWeek, lastWeek);
    await move();

    const user = await findAsset(db, 'user-7');
    expect(user?.type).toBe('png');
    for (const secret of avatar.secrets) expect(user?.bytes.includes(secret)).toBe(false);
    expect(user?.modificationDate.getTime()).toBe(lastWeek.getTime());
    const lan = await findAsset(db, 'lan-3');
    expect(lan).toMatchObject({ type: 'jpg', width: 1600, height: 533 });
    expect((await sharp(lan?.bytes).metadata()).width).toBe(1600);
    expect(existsSync(folder)).toBe(false);
  });

  it('keeps an image it cannot decode as it was rather than lose it', async () => {
    const damaged = Buffer.concat([(await makeLargePng(20, 20)).subarray(0, 50), Buffer.alloc(40)]);
    putFile('user-9.png', damaged);
    await move();
    const kept = await findAsset(db, 'user-9');
    expect(kept?.bytes.equals(damaged)).toBe(true);
    expect(kept).toMatchObject({ type: 'png', width: 0, height: 0 });
    // No AVIF can be made of it: a browser asking for one gets it as it is.
    const served = await createImageReader({ db, log })('user-9', 'image/avif,*/*');
    expect(served?.contentType).toBe('image/png');
    expect(served?.bytes.equals(damaged)).toBe(true);
    expect(existsSync(folder)).toBe(false);
  });

  it('leaves what is not an image of ours, and so the folder', async () => {
    putFile('user-8.png.tmp', Buffer.from('half a write'));
    putFile('notes.txt', Buffer.from('hello'));
    putFile('user-08.png', await makeJpeg());
    putFile('user-5.png', await makeLargePng(10, 10));
    await move();
    expect(readdirSync(folder).sort()).toEqual(['notes.txt', 'user-08.png', 'user-8.png.tmp']);
    expect(await findAsset(db, 'user-5')).toBeDefined();
    expect(await findAsset(db, 'user-8')).toBeUndefined();
  });

  it('does not overwrite an image uploaded since with an older file', async () => {
    await saveImage({ db, kind: 'user', id: 4, bytes: await makeJpeg({ width: 30, height: 30 }) });
    const uploaded = await findAsset(db, 'user-4');
    putFile('user-4.png', await makeLargePng(50, 50));
    const yesterday = new Date(Date.now() - 86_400_000);
    utimesSync(path.join(folder, 'user-4.png'), yesterday, yesterday);
    await move();
    expect((await findAsset(db, 'user-4'))?.etag).toBe(uploaded?.etag);
    expect(existsSync(folder)).toBe(false);
  });

  it('moves each image once when two servers start on the same folder at once', async () => {
    const trailer = await makeJpegWithTrailer();
    for (let id = 1; id <= 6; id += 1) putFile(`user-${id}.jpg`, trailer.bytes);
    await Promise.all([move(), move()]);
    const rows = await db.selectFrom('assets').select(['asset_id', 'bytes']).execute();
    expect(rows.map((row) => row.asset_id).sort()).toEqual([
      'user-1',
      'user-2',
      'user-3',
      'user-4',
      'user-5',
      'user-6',
    ]);
    for (const row of rows)
      expect(Buffer.from(row.bytes).includes(trailer.secrets[0] as string)).toBe(false);
    expect(existsSync(folder)).toBe(false);
  });

  it('runs when the site starts, so the old images are served at once', async () => {
    const jpeg = await makeJpeg({ width: 80, height: 60 });
    putFile('lan-12.jpg', jpeg);
    const app = await buildApp(site.config, { db, isRunningJobs: false });
    try {
      const served = await app.inject({ method: 'GET', url: '/api/assets/lan-12' });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/jpeg');
      expect(existsSync(folder)).toBe(false);
    } finally {
      await app.close();
    }
  });
});
