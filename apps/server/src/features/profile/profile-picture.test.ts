import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PROFILE_PICTURE_MAX_PIXELS, PROFILE_PICTURE_SIZE, PROFILE_PICTURE_UPLOADS_PER_HOUR, profilePictureUploadMessages as m, type User } from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.js';
import { createTestApp } from '../../test/app.js';
import { bearer, createSession, createUser, signedInUser } from '../../test/factories.js';
import { takeDecodingPeak } from './profile-pictures.js';

// A real data directory, so the test can look at the stored files themselves.
const dataDir = await mkdtemp(path.join(os.tmpdir(), 'kuku-pictures-test-'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await createTestApp({ env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

const UPLOAD = '/api/auth/update-profile-picture';
const PICTURE_URL = /^\/api\/profile-pictures\/(\d+)\/([0-9a-f-]{36}\.webp)$/;

const loggedIn = () => signedInUser(app);

interface Part {
  field: string;
  bytes: Uint8Array;
  filename?: string;
  type?: string;
}

/** A multipart body as a browser's FormData sends it. */
async function multipart(parts: Part[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const part of parts) {
    if (part.filename === undefined) form.append(part.field, new TextDecoder().decode(part.bytes));
    else form.append(part.field, new Blob([new Uint8Array(part.bytes)], { type: part.type ?? 'application/octet-stream' }), part.filename);
  }
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return { payload: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('content-type') ?? '' };
}

async function upload(token: string, parts: Part[]) {
  const { payload, contentType } = await multipart(parts);
  return app.inject({ method: 'POST', url: UPLOAD, headers: { ...bearer(token), 'content-type': contentType }, payload });
}

const picture = (bytes: Uint8Array, filename = 'photo.jpg', type = 'image/jpeg'): Part => ({ field: 'profilePicture', bytes, filename, type });

/** The user's row and stored files: what a refused upload must leave as it was. */
async function stateOf(userId: number) {
  const [row] = await app.db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, userId));
  const files = await readdir(path.join(dataDir, 'pictures', String(userId))).catch(() => []);
  return { picture: row?.picture ?? null, files: files.sort() };
}

/** 800×600, left half red and right half blue, stored sideways (EXIF orientation 6) with EXIF a farmer would not share. */
async function jpegWithExif(): Promise<Buffer> {
  const half = (colour: { r: number; g: number; b: number }) =>
    sharp({ create: { width: 400, height: 600, channels: 3, background: colour } }).png().toBuffer();
  return sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: await half({ r: 220, g: 20, b: 20 }), left: 0, top: 0 },
      { input: await half({ r: 20, g: 20, b: 220 }), left: 400, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6, exif: { IFD0: { Copyright: 'secret', Artist: 'x' } } })
    .toBuffer();
}

const png = () => sharp({ create: { width: 300, height: 200, channels: 4, background: '#2f9e44' } }).png().toBuffer();

/**
 * A decompression bomb: a small PNG whose header declares 100 million pixels (2.5 times the
 * limit; 400 MB once decoded as RGBA), all zeros so it deflates to a few hundred kilobytes.
 */
const bomb = () =>
  sharp(Buffer.alloc(10_000 * 10_000), { raw: { width: 10_000, height: 10_000, channels: 1 }, limitInputPixels: false })
    .png({ compressionLevel: 9 })
    .toBuffer();

/** A blank PNG of width × height: a few kilobytes whatever the size it declares. */
const blank = (width: number, height: number) =>
  sharp(Buffer.alloc(width * height), { raw: { width, height, channels: 1 }, limitInputPixels: false }).png({ compressionLevel: 9 }).toBuffer();

async function served(url: string) {
  return app.inject({ method: 'GET', url });
}

describe('POST /api/auth/update-profile-picture', () => {
  it('stores an upright 512 px WebP without the EXIF and answers the user as /auth/me does', async () => {
    const { user, token } = await loggedIn();
    const original = await jpegWithExif();
    expect((await sharp(original).metadata()).exif?.includes('secret')).toBe(true);
    // Read once before: on the embedded database the session (with the user row) is kept for a while.
    expect((await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).json<User>().profile_picture).toBeNull();

    const res = await upload(token, [picture(original)]);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<User>();
    const [, owner, file] = PICTURE_URL.exec(answer.profile_picture ?? '') ?? [];
    expect(Number(owner)).toBe(user.id);
    const me = await app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) });
    expect(me.json()).toEqual(answer);

    const stored = await readFile(path.join(dataDir, 'pictures', String(user.id), file ?? ''));
    const meta = await sharp(stored).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PROFILE_PICTURE_SIZE, height: PROFILE_PICTURE_SIZE });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes('secret')).toBe(false);
    // Turned by its orientation (90° clockwise): the left half, red, is now on top.
    const { data, info } = await sharp(stored).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)];
    const [topRed, , topBlue] = at(256, 40);
    const [bottomRed, , bottomBlue] = at(256, 470);
    expect(topRed).toBeGreaterThan(150);
    expect(topBlue).toBeLessThan(100);
    expect(bottomBlue).toBeGreaterThan(150);
    expect(bottomRed).toBeLessThan(100);

    const got = await served(answer.profile_picture ?? '');
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(stored)).toBe(true);
  });

  it('serves the picture to anyone, with a long cache, its type and nosniff', async () => {
    const { token } = await loggedIn();
    const url = (await upload(token, [picture(await png(), 'me.png', 'image/png')])).json<User>().profile_picture ?? '';
    const res = await served(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-length': String(res.rawPayload.length),
    });
    expect((await app.inject({ method: 'HEAD', url })).statusCode).toBe(200);
  });

  it('judges the content, not the name: a PNG called .jpg is taken', async () => {
    const { token } = await loggedIn();
    const res = await upload(token, [picture(await png(), 'holiday.jpg', 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().profile_picture).toMatch(PICTURE_URL);
  });

  it('gives a new address at each change and removes the old file', async () => {
    const { user, token } = await loggedIn();
    const first = (await upload(token, [picture(await png(), 'a.png', 'image/png')])).json<User>().profile_picture ?? '';
    const second = (await upload(token, [picture(await jpegWithExif())])).json<User>().profile_picture ?? '';
    expect(second).toMatch(PICTURE_URL);
    expect(second).not.toBe(first);
    expect((await served(first)).statusCode).toBe(404);
    expect((await served(second)).statusCode).toBe(200);
    expect((await stateOf(user.id)).files).toEqual([PICTURE_URL.exec(second)?.[2]]);
  });

  it("changes only the caller's picture; another user's stays and is still served", async () => {
    const alice = await loggedIn();
    const bob = await loggedIn();
    const bobs = (await upload(bob.token, [picture(await png(), 'bob.png', 'image/png')])).json<User>().profile_picture ?? '';
    const bobBefore = await stateOf(bob.user.id);
    // Fields naming someone else are ignored: the session decides whose picture it is.
    const res = await upload(alice.token, [
      { field: 'userId', bytes: new TextEncoder().encode(String(bob.user.id)) },
      { field: 'user_id', bytes: new TextEncoder().encode(String(bob.user.id)) },
      picture(await jpegWithExif()),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<User>().profile_picture).toMatch(new RegExp(`^/api/profile-pictures/${alice.user.id}/`));
    expect(await stateOf(bob.user.id)).toEqual(bobBefore);
    expect((await served(bobs)).statusCode).toBe(200);
  });

  it('answers 401 without a session and stores nothing', async () => {
    const { user } = await loggedIn();
    const { payload, contentType } = await multipart([picture(await png())]);
    const res = await app.inject({ method: 'POST', url: UPLOAD, headers: { 'content-type': contentType }, payload });
    expect(res.statusCode).toBe(401);
    expect(await stateOf(user.id)).toEqual({ picture: null, files: [] });
  });

  describe('refuses, with a clear message, and changes nothing', () => {
    let bombBytes: Buffer;
    let overCap: Buffer;
    beforeAll(async () => {
      bombBytes = await bomb();
      expect(bombBytes.length).toBeLessThan(1024 * 1024);
      overCap = await blank(5_000, 4_000);
      expect(overCap.length).toBeLessThan(160 * 1024);
      expect(5_000 * 4_000).toBeGreaterThan(PROFILE_PICTURE_MAX_PIXELS);
    });

    const cases: [string, () => Promise<Part[]>, number, string][] = [
      ['a 6 MB file', async () => [picture(randomBytes(6 * 1024 * 1024))], 413, m.tooLarge],
      ['a text file named .png', async () => [picture(new TextEncoder().encode('not a picture at all\n'.repeat(50)), 'me.png', 'image/png')], 400, m.notAnImage],
      ['a decompression bomb', async () => [picture(bombBytes, 'small.png', 'image/png')], 400, m.tooManyPixels],
      // Under the old 40-megapixel cap this was decoded whole (decision 052).
      ['a small PNG declaring 20 megapixels', async () => [picture(overCap, 'small.png', 'image/png')], 400, m.tooManyPixels],
      ['a JPEG cut short', async () => [picture((await jpegWithExif()).subarray(0, 2_000))], 400, m.notAnImage],
      ['an SVG', async () => [picture(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'), 'a.svg', 'image/svg+xml')], 400, m.notAnImage],
      ['an empty file', async () => [picture(new Uint8Array(0))], 400, m.missing],
      ['no file', async () => [{ field: 'note', bytes: new TextEncoder().encode('hello') }], 400, m.missing],
      ['the file in another field', async () => [{ ...picture(await png()), field: 'avatar' }], 400, m.missing],
      ['two files', async () => [picture(await png()), picture(await png())], 400, m.oneOnly],
      ['too many fields', async () => [1, 2, 3, 4, 5, 6].map((n) => ({ field: `f${n}`, bytes: new TextEncoder().encode('x') })), 400, m.oneOnly],
    ];

    it.each(cases)('%s', async (_what, parts, status, message) => {
      const { user, token } = await loggedIn();
      await upload(token, [picture(await png())]);
      const before = await stateOf(user.id);
      const res = await upload(token, await parts());
      expect(res.statusCode, res.body).toBe(status);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(message);
      expect(await stateOf(user.id)).toEqual(before);
    });

    it.each([
      ['JSON', 'application/json', JSON.stringify({ profilePicture: 'data:image/png;base64,AAAA' })],
      ['plain text', 'text/plain', 'hello'],
      ['a form without a boundary', 'multipart/form-data', 'whatever'],
      ['no body', undefined, undefined],
    ])('a body that is not a file upload (%s)', async (_what, contentType, payload) => {
      const { user, token } = await loggedIn();
      const before = await stateOf(user.id);
      const res = await app.inject({
        method: 'POST',
        url: UPLOAD,
        headers: { ...bearer(token), ...(contentType ? { 'content-type': contentType } : {}) },
        ...(payload === undefined ? {} : { payload }),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect([m.notMultipart, m.unreadable]).toContain(res.json<{ error: { message: string } }>().error.message);
      expect(await stateOf(user.id)).toEqual(before);
    });

    it('a broken multipart body', async () => {
      const { user, token } = await loggedIn();
      const { payload, contentType } = await multipart([picture(await png())]);
      const res = await app.inject({ method: 'POST', url: UPLOAD, headers: { ...bearer(token), 'content-type': contentType }, payload: payload.subarray(0, 200) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).toBe(m.unreadable);
      expect(await stateOf(user.id)).toEqual({ picture: null, files: [] });
    });
  });
});

describe('GET /api/profile-pictures/:userId/:file', () => {
  it('answers 404 for a picture that is not there, 400 for a name the server never makes', async () => {
    const { user } = await loggedIn();
    const missing = await served(`/api/profile-pictures/${user.id}/${crypto.randomUUID()}.webp`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ error: { code: 'not_found', message: m.notFound } });
    for (const name of ['..%2F..%2Fetc%2Fpasswd', 'photo.webp', `${crypto.randomUUID()}.png`]) {
      const res = await served(`/api/profile-pictures/${user.id}/${name}`);
      expect(res.statusCode, name).toBe(400);
    }
  });
});

describe('the load one person can put on the pictures', () => {
  it('decodes one picture at a time: four large uploads at once all pass, never two decoded together', async () => {
    const big = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: '#1c7ed6' } }).png().toBuffer();
    const people = await Promise.all([1, 2, 3, 4].map(() => loggedIn()));
    takeDecodingPeak();
    const answers = await Promise.all(people.map(({ token }) => upload(token, [picture(big, 'big.png', 'image/png')])));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
    expect(takeDecodingPeak()).toBe(1);
  });
});

describe('uploads an hour, counted in the database', () => {
  // The limits as production has them (the shared app scales them up for the other tests).
  let strict: FastifyInstance;
  beforeAll(async () => {
    strict = await createTestApp({ env: { DATA_DIR: dataDir, RATE_LIMIT_SCALE: '1' } });
  });

  it(`takes ${PROFILE_PICTURE_UPLOADS_PER_HOUR} an hour a person, refuses the next in the picture words, and leaves others theirs`, async () => {
    const send = async (headers: Record<string, string>, bytes: Uint8Array) => {
      const { payload, contentType } = await multipart([picture(bytes, 'p.png', 'image/png')]);
      return strict.inject({ method: 'POST', url: UPLOAD, headers: { ...headers, 'content-type': contentType }, payload });
    };
    const one = await createUser(strict);
    const headers = bearer(await createSession(strict, one.user, one.farm));
    const small = await png();
    for (let i = 0; i < PROFILE_PICTURE_UPLOADS_PER_HOUR; i++) expect((await send(headers, small)).statusCode).toBe(200);
    const before = await stateOf(one.user.id);
    // Refused before the body is read: not even a bomb is looked at.
    for (const bytes of [small, await bomb()]) {
      const refused = await send(headers, bytes);
      expect(refused.statusCode, refused.body).toBe(429);
      expect(refused.json<{ error: { message: string } }>().error.message).toBe(m.tooManyUploads);
    }
    expect(await stateOf(one.user.id)).toEqual(before);
    const other = await createUser(strict);
    expect((await send(bearer(await createSession(strict, other.user, other.farm)), small)).statusCode).toBe(200);
    // An hour on, the count starts again.
    await strict.database.query(`update auth_throttle set window_start = now() - interval '61 minutes' where key = $1`, [`picture:${one.user.id}`]);
    expect((await send(headers, small)).statusCode).toBe(200);
  });
});
