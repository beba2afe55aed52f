import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_SIZE } from '../../../../contract';
import type { AppConfig } from '../../../../server/config';
import { member } from '../../../../server/db/schema';
import { upsertMember } from '../../../../server/modules/auth/members';
import { type SignedInMember, asMember } from '../../support/members';
import { type TestDatabase, createTestApp, tempDir, useTestApp } from '../../support/test-app';
import { createWorkspaceWith, multipartFile } from '../../support/workspaces';

/**
 * Issue #4 profile pictures: multipart upload recognised by
 * content, re-encoded to a 256 px square WebP, served same-origin with immutable caching, replaced under a new
 * name, deleted.
 */
let testDb: TestDatabase;
let app: FastifyInstance;
let config: AppConfig;

useTestApp({}, async (started) => {
  ({ app, config, testDb } = started);
});

const PATH = '/api/workspace/setting/my-profile/profile-image';
const URL_SHAPE = /^\/uploads\/profile\/[A-Za-z0-9_-]{22}\.webp$/;
const profileDir = () => path.join(config.dataDir, 'uploads', 'profile');

const solid = (width: number, height: number, background = '#2e4475') =>
  sharp({ create: { width, height, channels: 3, background } });
/** Random pixels: PNG cannot compress them, so the file is about width × height × 3 bytes. */
const noisePng = (width: number, height: number) =>
  sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function upload(who: SignedInMember, data: Uint8Array, filename = 'avatar.png', type = 'image/png') {
  const { payload, headers } = await multipartFile('image', filename, type, data);
  return asMember(app, who, 'PATCH', PATH, { payload, headers });
}

/** Uploads and expects 200; returns the new URL. */
async function uploadOk(who: SignedInMember, data: Uint8Array, filename?: string, type?: string) {
  const res = await upload(who, data, filename, type);
  expect(res.statusCode).toBe(200);
  const url = res.json().result.profileImageUrl as string;
  expect(url).toMatch(URL_SHAPE);
  return url;
}

const myPicture = async (who: SignedInMember) =>
  (await asMember(app, who, 'GET', '/api/workspace/setting/my-profile')).json().result.profileImageUrl;

let me: SignedInMember;
let mate: SignedInMember;

beforeAll(async () => {
  const ws = await createWorkspaceWith(app, 'Pictures', '사진 주인', ['사진 동료']);
  me = ws.owner;
  mate = ws.members[0]!;
});

describe('PATCH /api/workspace/setting/my-profile/profile-image', () => {
  it('stores a PNG as a 256×256 WebP served same-origin with immutable caching', async () => {
    const png = await solid(600, 400).png().toBuffer();
    const res = await upload(me, png);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'PROFILE200_1',
      message: '프로필 사진을 변경했습니다.',
      result: { memberId: me.memberId, profileImageUrl: expect.stringMatching(URL_SHAPE) },
    });
    const url = res.json().result.profileImageUrl as string;

    const served = await app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: PROFILE_IMAGE_SIZE, height: PROFILE_IMAGE_SIZE });
    expect(meta.exif).toBeUndefined();

    const head = await app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // The profile and the member list show it, to the owner and to a teammate.
    expect(await myPicture(me)).toBe(url);
    const listed = (await asMember(app, mate, 'GET', '/api/workspace/setting/members')).json().result;
    expect(listed.find((m: { memberId: number }) => m.memberId === me.memberId).profileImageUrl).toBe(url);
  });

  it('accepts a JPEG (orientation applied, metadata stripped), a GIF (first frame) and a WebP', async () => {
    const jpeg = await solid(400, 200).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    const jpegUrl = await uploadOk(me, jpeg, 'photo.jpg', 'image/jpeg');
    const fromJpeg = await sharp((await app.inject({ method: 'GET', url: jpegUrl })).rawPayload).metadata();
    expect(fromJpeg).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(fromJpeg.exif).toBeUndefined();
    expect(fromJpeg.orientation).toBeUndefined();

    const frame = (background: string) => solid(40, 30, background).png().toBuffer();
    const gif = await sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
      .gif()
      .toBuffer();
    const gifUrl = await uploadOk(me, gif, 'anim.gif', 'image/gif');
    const served = (await app.inject({ method: 'GET', url: gifUrl })).rawPayload;
    const { data, info } = await sharp(served).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([256, 256]);
    expect([...data.subarray(0, 3)]).toEqual([255, 0, 0]);

    await uploadOk(me, await solid(300, 300).webp().toBuffer(), 'pic.webp', 'image/webp');
  });

  it('recognises the type by content, not by name or declared type', async () => {
    // A JPEG named .txt with a wrong declared type is still a JPEG.
    await uploadOk(me, await solid(64, 64).jpeg().toBuffer(), 'notes.txt', 'text/plain');
  });

  it('gives every upload a new name and deletes the previous file', async () => {
    const first = await uploadOk(me, await solid(100, 100, '#111111').png().toBuffer());
    const second = await uploadOk(me, await solid(100, 100, '#eeeeee').png().toBuffer());
    expect(second).not.toBe(first);
    expect((await app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    const gone = await app.inject({ method: 'GET', url: first });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ isSuccess: false, code: 'COMMON404' });
    expect(fs.readdirSync(profileDir())).toContain(path.basename(second));
    expect(fs.readdirSync(profileDir())).not.toContain(path.basename(first));
  });

  it('refuses a renamed text file with 415 PROFILE415_0 and keeps the current picture', async () => {
    const current = await myPicture(me);
    const files = fs.readdirSync(profileDir()).length;
    const res = await upload(me, Buffer.from('그냥 메모입니다. not an image\n'), 'note.png', 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'PROFILE415_0',
      message: 'JPEG, PNG, WebP, GIF 이미지만 올릴 수 있습니다.',
      result: null,
    });
    expect(await myPicture(me)).toBe(current);
    expect(fs.readdirSync(profileDir())).toHaveLength(files);
  });

  it.each([
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>'), 'a.svg'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'), 'a.pdf'],
  ])('refuses %s with 415', async (_kind, data, filename) => {
    const res = await upload(me, data, filename, 'image/png');
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('PROFILE415_0');
  });

  it('refuses a 6 MB image with 413 PROFILE413_0', async () => {
    const big = await noisePng(1450, 1450);
    expect(big.length).toBeGreaterThan(6_000_000);
    const res = await upload(me, big);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({
      isSuccess: false,
      code: 'PROFILE413_0',
      message: '프로필 사진은 5MB 이하만 올릴 수 있습니다.',
      result: null,
    });
  });

  it('takes exactly 5 MB and refuses one byte more (413 from the multipart limit)', async () => {
    const image = await noisePng(1250, 1300);
    expect(image.length).toBeLessThan(PROFILE_IMAGE_MAX_BYTES);
    // Bytes after the PNG's end are ignored by decoders: pad to the exact limit.
    const exact = Buffer.concat([image, Buffer.alloc(PROFILE_IMAGE_MAX_BYTES - image.length)]);
    await uploadOk(me, exact);
    const over = await upload(me, Buffer.concat([exact, Buffer.alloc(1)]));
    expect(over.statusCode).toBe(413);
    expect(over.json().code).toBe('PROFILE413_0');
  });

  it('answers 400 PROFILE400_0 without an image field, and 415 PROFILE415_1 for a non-multipart body', async () => {
    const png = await solid(50, 50).png().toBuffer();
    const wrongField = await multipartFile('file', 'a.png', 'image/png', png);
    const emptyFile = await multipartFile('image', 'empty.png', 'image/png', new Uint8Array(0));
    // A form with a text field only: rebuild without the file part.
    const textForm = new FormData();
    textForm.append('image', 'not a file');
    const textEncoded = new Response(textForm);
    const cases = [
      asMember(app, me, 'PATCH', PATH, wrongField),
      asMember(app, me, 'PATCH', PATH, {
        payload: Buffer.from(await textEncoded.arrayBuffer()),
        headers: { 'content-type': textEncoded.headers.get('content-type')! },
      }),
      asMember(app, me, 'PATCH', PATH),
      asMember(app, me, 'PATCH', PATH, emptyFile),
    ];
    for (const res of await Promise.all(cases)) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ isSuccess: false, code: 'PROFILE400_0', result: null });
    }
    const json = await asMember(app, me, 'PATCH', PATH, { payload: { image: 'abc' } });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('PROFILE415_1');
    const malformed = await asMember(app, me, 'PATCH', PATH, {
      payload: Buffer.from(
        '--x\r\nContent-Disposition: form-data; name="image"; filename="a.png"\r\n\r\nabc',
      ),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('answers 400 for a file that claims to be an image but does not decode, or is too many pixels', async () => {
    const png = await solid(200, 200).png().toBuffer();
    const corrupt = Buffer.concat([png.subarray(0, 64), randomBytes(4000)]);
    const broken = await upload(me, corrupt);
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('PROFILE400_1');

    // A 1×1 PNG whose header claims 10000×10000 (100 megapixels): refused before decoding.
    const bomb = Buffer.from(await solid(1, 1).png().toBuffer());
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(zlib.crc32(bomb.subarray(12, 29)) >>> 0, 29);
    const huge = await upload(me, bomb);
    expect(huge.statusCode).toBe(400);
    expect(huge.json().code).toBe('PROFILE400_2');
  });
});

describe('DELETE /api/workspace/setting/my-profile/profile-image', () => {
  it('removes the picture and its file; the old URL 404s; deleting again is fine', async () => {
    const url = await uploadOk(mate, await solid(120, 80).png().toBuffer());
    const res = await asMember(app, mate, 'DELETE', PATH);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      isSuccess: true,
      code: 'PROFILE200_2',
      message: '프로필 사진을 삭제했습니다.',
      result: { memberId: mate.memberId, profileImageUrl: null },
    });
    expect(await myPicture(mate)).toBeNull();
    const gone = await app.inject({ method: 'GET', url });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/^application\/json/);
    expect(fs.readdirSync(profileDir())).not.toContain(path.basename(url));

    const again = await asMember(app, mate, 'DELETE', PATH);
    expect(again.statusCode).toBe(200);
    expect(again.json().result.profileImageUrl).toBeNull();
  });

  it('keeps a removed picture removed when the provider offers one at the next sign-in', async () => {
    const db = testDb.database.db;
    const ws = await createWorkspaceWith(app, 'Photoless', '사진 없음', ['사진 있음']);
    const signInAgain = (who: SignedInMember) =>
      upsertMember(db, {
        provider: 'google',
        providerUserId: `dev:${who.email}`,
        name: who.name,
        email: who.email,
        profileImageUrl: 'https://lh3.googleusercontent.com/a/picture',
      });
    const pictureOf = async (who: SignedInMember) =>
      (await db.select().from(member).where(eq(member.id, who.memberId)))[0]!.profileImageUrl;

    expect((await asMember(app, ws.owner, 'DELETE', PATH)).statusCode).toBe(200);
    expect(await signInAgain(ws.owner)).toBe(ws.owner.memberId);
    expect(await pictureOf(ws.owner)).toBeNull();

    // Without a choice in the app, the provider's picture is filled in as before.
    expect(await signInAgain(ws.members[0]!)).toBe(ws.members[0]!.memberId);
    expect(await pictureOf(ws.members[0]!)).toBe('https://lh3.googleusercontent.com/a/picture');
  });
});

describe('/uploads/profile/*', () => {
  it('answers 404 envelopes (never index.html) for unknown names, other folders and traversal', async () => {
    fs.writeFileSync(path.join(config.dataDir, 'secret.txt'), 'secret');
    for (const url of [
      '/uploads/profile/AAAAAAAAAAAAAAAAAAAAAA.webp',
      '/uploads/profile/not-ours.png',
      '/uploads/profile/..%2f..%2fsecret.txt',
      '/uploads/profile/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/uploads/other/file.webp',
      '/uploads',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect([res.statusCode, url]).toEqual([404, url]);
      expect(res.body).not.toContain('secret');
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('serves uploads beside a built SPA: the file from /uploads, a missing one 404, client routes index.html', async () => {
    const staticDir = tempDir('momentum-spa-');
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>Momentum</title>');
    const built = await createTestApp({
      database: testDb.database,
      env: { DATA_DIR: config.dataDir, STATIC_DIR: staticDir },
    });
    try {
      const url = await myPicture(me);
      expect(url).toMatch(URL_SHAPE);
      const file = await built.app.inject({ method: 'GET', url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/webp');
      const missing = await built.app.inject({
        method: 'GET',
        url: '/uploads/profile/BBBBBBBBBBBBBBBBBBBBBB.webp',
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().code).toBe('COMMON404');
      const clientRoute = await built.app.inject({ method: 'GET', url: '/workspace/setting/my-profile' });
      expect(clientRoute.statusCode).toBe(200);
      expect(clientRoute.body).toContain('<title>Momentum</title>');
    } finally {
      await built.app.close();
    }
  });
});
