import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
// The `core` entry: buffer detection only, and the one Jest's CommonJS resolver can load (the package's main
// export has only an `import` condition).
import { PROFILE_IMAGE_SIZE, PROFILE_IMAGE_TYPES } from '../../../contract';
import { ApiError } from '../../http/envelope';
import { IMMUTABLE_CACHE } from '../../spa';

/**
 * Profile pictures (docs/product.md "Settings": picked from image files only). An upload is
 * recognised by its bytes (never its name or declared type), re-encoded to a square `PROFILE_IMAGE_SIZE` px WebP
 * without metadata, and stored as `${DATA_DIR}/uploads/profile/<random>.webp`, served same-origin at
 * `/uploads/profile/<random>.webp` with `Cache-Control: public, max-age=31536000, immutable`. A file is never
 * overwritten: every upload gets a new name and the previous file is deleted once the database points elsewhere.
 */
export const PROFILE_IMAGE_URL_PREFIX = '/uploads/profile/';
/** Names we write: 128 random bits in base64url + `.webp`. Anything else under the prefix is a 404. */
const PROFILE_FILE_NAME = /^[A-Za-z0-9_-]{22}\.webp$/;
/**
 * Decoded pixels we accept (a 5 MB PNG of one colour can claim gigapixels). 50 MP covers phone cameras (48 MP);
 * larger → 400 `PROFILE400_2` before any pixel is decoded.
 */
export const PROFILE_IMAGE_MAX_INPUT_PIXELS = 50_000_000;
/** WebP quality of the stored picture (a 256 px photo is ~5–15 KB). */
const WEBP_QUALITY = 82;

/** Detected types we take: the contract's four, plus animated PNG (a PNG whose first frame we keep). */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set<string>([...PROFILE_IMAGE_TYPES, 'image/apng']);

/** `${dataDir}/uploads/profile`. */
export function profileImageDir(dataDir: string): string {
  return path.join(dataDir, 'uploads', 'profile');
}

/**
 * The image type of `bytes` by content (magic numbers, via file-type), if it is one we accept; else 415
 * `PROFILE415_0` (a text file named `photo.png`, a PDF, HEIC, SVG, …). file-type and sharp (below) load on the
 * first upload, not at start-up, where they took ~150 ms (docs/performance.md "Embedded database and speed").
 */
export async function assertAcceptedImage(bytes: Uint8Array): Promise<string> {
  const { fileTypeFromBuffer } = await import('file-type/core');
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !ACCEPTED_TYPES.has(detected.mime)) throw new ApiError('PROFILE415_0');
  return detected.mime;
}

/**
 * Re-encodes an accepted image: EXIF orientation applied, centre-cropped to cover a `PROFILE_IMAGE_SIZE`²
 * square, first frame only (GIF, animated WebP/PNG), all metadata (EXIF, GPS, ICC, XMP) dropped, sRGB WebP.
 * 400 `PROFILE400_2` over `PROFILE_IMAGE_MAX_INPUT_PIXELS`; 400 `PROFILE400_1` when the bytes do not decode
 * (a truncated or corrupt file with a valid header).
 */
export async function toProfileWebp(bytes: Uint8Array): Promise<Buffer> {
  const { default: sharp } = await import('sharp');
  try {
    return await sharp(bytes, { limitInputPixels: PROFILE_IMAGE_MAX_INPUT_PIXELS, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize(PROFILE_IMAGE_SIZE, PROFILE_IMAGE_SIZE, { fit: 'cover', position: 'centre' })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (/pixel limit/i.test(reason)) throw new ApiError('PROFILE400_2');
    throw new ApiError('PROFILE400_1');
  }
}

/** Files of the profile-image folder. */
export class ProfileImageStore {
  constructor(
    readonly dir: string,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Creates the folder (at start-up). */
  ensureDir(): void {
    fs.mkdirSync(this.dir, { recursive: true });
  }

  /**
   * Stores an uploaded image in place of an old one (profile pictures, team images, the workspace logo): checks it
   * (`assertAcceptedImage`: 415/400 codes), converts it (`toProfileWebp`), saves it, then lets `point` make the
   * database point at the new URL and return the URL it pointed at before. When `point` throws, the new file is
   * deleted and the error passes on; else the previous file is. Returns the new URL and the stored size (bytes).
   */
  async replace(
    bytes: Uint8Array,
    point: (url: string) => Promise<string | null>,
  ): Promise<{ url: string; storedBytes: number }> {
    await assertAcceptedImage(bytes);
    const webp = await toProfileWebp(bytes);
    const url = await this.save(webp);
    let previous: string | null;
    try {
      previous = await point(url);
    } catch (error) {
      await this.remove(url);
      throw error;
    }
    await this.remove(previous);
    return { url, storedBytes: webp.length };
  }

  /** Writes `webp` under a new random name (`wx`: never overwrites) and returns its URL. */
  async save(webp: Buffer): Promise<string> {
    const name = `${randomBytes(16).toString('base64url')}.webp`;
    await fs.promises.writeFile(path.join(this.dir, name), webp, { flag: 'wx', mode: 0o644 });
    return `${PROFILE_IMAGE_URL_PREFIX}${name}`;
  }

  /** The file behind one of our URLs, or null for anything else (a provider's https picture, null). */
  fileOf(url: string | null): string | null {
    if (!url?.startsWith(PROFILE_IMAGE_URL_PREFIX)) return null;
    const name = url.slice(PROFILE_IMAGE_URL_PREFIX.length);
    return PROFILE_FILE_NAME.test(name) ? path.join(this.dir, name) : null;
  }

  /**
   * Deletes the file behind `url` if it is one of ours. Best effort, after the database no longer points at it:
   * a failure is logged (an orphan file costs disk, never correctness), a missing file is fine.
   */
  async remove(url: string | null): Promise<void> {
    const file = this.fileOf(url);
    if (!file) return;
    try {
      await fs.promises.unlink(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
        this.log.warn({ err: error, file }, 'could not delete a replaced profile image');
      }
    }
  }
}

/**
 * `GET|HEAD /uploads/profile/<name>.webp` — the stored pictures, `image/webp`, `Cache-Control: public,
 * max-age=31536000, immutable` (names are never reused), ETag and Last-Modified. Registered before the SPA, so
 * the SPA's wildcard never sees these paths; a missing file or a name we would not have written falls through to
 * the not-found handler: 404 `COMMON404` envelope (`/uploads` is a reserved prefix, never index.html).
 */
export async function registerProfileImageFiles(app: FastifyInstance, dir: string): Promise<void> {
  fs.mkdirSync(dir, { recursive: true });
  await app.register(fastifyStatic, {
    root: dir,
    prefix: PROFILE_IMAGE_URL_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'deny',
    cacheControl: false,
    etag: true,
    lastModified: true,
    allowedPath: (pathname: string) => PROFILE_FILE_NAME.test(pathname.replace(/^\/+/, '')),
    setHeaders: (res) => {
      res.header('cache-control', IMMUTABLE_CACHE);
    },
  });
}
