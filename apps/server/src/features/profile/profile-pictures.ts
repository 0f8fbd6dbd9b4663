/**
 * Profile pictures (docs/design.md §6): an upload of at most 5 MB, judged by its content (never its
 * name or declared type), re-encoded to a square WebP without metadata and kept in the file
 * storage under the user's folder. Each change gets a new file name, so its address can be
 * cached for ever.
 */
import type { MultipartFile } from '@fastify/multipart';
import {
  PROFILE_PICTURE_FIELD,
  PROFILE_PICTURE_FILE,
  PROFILE_PICTURE_MAX_PIXELS,
  PROFILE_PICTURE_SIZE,
  PROFILE_PICTURE_UPLOADS_PER_HOUR,
  profilePictureUploadMessages as m,
  type User,
} from '@kuku/domain';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import sharp, { type Metadata } from 'sharp';
import { AppError, invalid, notFound, rateLimited } from '../../app-error.js';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { newFileKey, type FileStorage, type StoredFile } from '../../integrations/storage/file-storage.js';
import { principalOf } from '../../plugins/auth.js';
import { hit } from '../../plugins/rate-limit.js';
import { toUser, type Principal } from '../auth/service.js';

/** What sharp may decode: photos and the web's formats. SVG, TIFF, PDF and the like are not pictures here. */
const IMAGE_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif']);

const URL_PREFIX = '/api/profile-pictures';

/** The address a user's `profile_picture` holds for a stored file. */
export const profilePictureUrl = (userId: number, key: string) => `${URL_PREFIX}/${userId}/${key}`;

/** The stored file an address of ours names, if it is in `userId`'s folder. */
function storedKeyOf(url: string | null, userId: number): string | null {
  const prefix = `${URL_PREFIX}/${userId}/`;
  if (!url?.startsWith(prefix)) return null;
  const key = url.slice(prefix.length);
  return PROFILE_PICTURE_FILE.test(key) ? key : null;
}

function codeOf(error: unknown): string | undefined {
  return error instanceof Error && 'code' in error && typeof error.code === 'string' ? error.code : undefined;
}

/** The multipart reader's refusals, in the user's words; anything else it throws is a form it could not read. */
function uploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  switch (codeOf(error)) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new AppError('too_large', m.tooLarge, { [PROFILE_PICTURE_FIELD]: m.tooLarge });
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return invalid(m.oneOnly, { [PROFILE_PICTURE_FIELD]: m.oneOnly });
    default:
      return invalid(m.unreadable);
  }
}

/** Drains a part the route does not want, so the form's next part can arrive. */
async function skip(part: MultipartFile): Promise<void> {
  part.file.resume();
  await new Promise<void>((resolve) => {
    if (part.file.readableEnded || part.file.destroyed) resolve();
    else part.file.once('close', resolve);
  });
}

/**
 * Counts an upload of `userId` in the database (a row of auth_throttle, an hour's window) and
 * refuses past the hourly limit: every process sees the same count, and it is checked before
 * the body is read, so refusals cost neither memory nor decoding (decision 052).
 */
async function countUpload(db: Db, userId: number, limit: number): Promise<void> {
  if ((await hit(db, `picture:${userId}`, 60)) > limit) throw rateLimited(m.tooManyUploads);
}

/**
 * The bytes of the one file in the form's `profilePicture` field, at most 5 MB (the
 * multipart limits of the route). Other fields are ignored; a second file is refused.
 */
export async function readPictureUpload(request: FastifyRequest): Promise<Buffer> {
  const { db, config } = request.server;
  await countUpload(db, principalOf(request).userId, Math.ceil(PROFILE_PICTURE_UPLOADS_PER_HOUR * config.rateLimitScale));
  if (!request.isMultipart()) throw invalid(m.notMultipart);
  let picture: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname !== PROFILE_PICTURE_FIELD || picture) await skip(part);
      else picture = await part.toBuffer();
    }
  } catch (error) {
    throw uploadError(error);
  }
  if (!picture || picture.length === 0) throw invalid(m.missing, { [PROFILE_PICTURE_FIELD]: m.missing });
  return picture;
}

/**
 * Pictures decoded at once by this process: one. A decode may take its whole pixel budget in
 * memory (64 MB for the largest PNG allowed), so uploads wait their turn rather than add up.
 */
const DECODES_AT_ONCE = 1;
let decoding = 0;
let decodingPeak = 0;
const decodeTurns: (() => void)[] = [];

async function oneDecodeAtATime<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((resolve) => decodeTurns.push(resolve));
  else decoding += 1;
  decodingPeak = Math.max(decodingPeak, decoding);
  try {
    return await work();
  } finally {
    // The turn passes straight to the next waiter, or the slot is freed.
    const next = decodeTurns.shift();
    if (next) next();
    else decoding -= 1;
  }
}

/** The most decodes seen at once since the last call (tests). */
export function takeDecodingPeak(): number {
  const peak = decodingPeak;
  decodingPeak = decoding;
  return peak;
}

/**
 * The upload as a 512 px square WebP. The format is read from the content; the pixel count
 * from the header, before any decoding (a small file may declare a huge image). EXIF, ICC
 * and XMP are not copied: sharp writes none unless asked to.
 */
export async function reencodePicture(bytes: Buffer): Promise<Buffer> {
  const notAnImage = () => invalid(m.notAnImage, { [PROFILE_PICTURE_FIELD]: m.notAnImage });
  let header: Metadata;
  try {
    // The header only: no pixel is decoded here, so no limit is needed yet.
    header = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw notAnImage();
  }
  if (!IMAGE_FORMATS.has(header.format)) throw notAnImage();
  if (header.width * header.height > PROFILE_PICTURE_MAX_PIXELS) {
    throw invalid(m.tooManyPixels, { [PROFILE_PICTURE_FIELD]: m.tooManyPixels });
  }
  try {
    return await oneDecodeAtATime(() =>
      sharp(bytes, { limitInputPixels: PROFILE_PICTURE_MAX_PIXELS, failOn: 'error' })
        // Turned upright by its EXIF orientation before the EXIF is dropped.
        .rotate()
        .resize(PROFILE_PICTURE_SIZE, PROFILE_PICTURE_SIZE, { fit: 'cover' })
        .webp({ quality: 80 })
        .toBuffer(),
    );
  } catch {
    // A header that promised a picture over data that is not one (truncated, corrupt).
    throw notAnImage();
  }
}

/**
 * Stores the new picture and points the caller's row at it; the old file goes once the row
 * no longer names it. Answers the user as GET /api/auth/me does.
 */
export async function updateProfilePicture(
  db: Db,
  storage: FileStorage,
  log: FastifyBaseLogger,
  principal: Principal,
  upload: Buffer,
  now = new Date(),
): Promise<User> {
  const picture = await reencodePicture(upload);
  const { userId } = principal;
  const key = newFileKey('webp');
  await storage.write(userId, key, picture);
  let result;
  try {
    result = await db.transaction(async (tx) => {
      // Locked, so two uploads at once each delete the file the other replaced, never their own.
      const [current] = await tx.select({ picture: users.profilePicture }).from(users).where(eq(users.id, userId)).for('no key update');
      const [updated] = await tx.update(users).set({ profilePicture: profilePictureUrl(userId, key) }).where(eq(users.id, userId)).returning();
      return { updated, previous: current?.picture ?? null };
    });
  } catch (error) {
    await storage.remove(userId, key);
    throw error;
  }
  const { updated, previous } = result;
  if (!updated) {
    await storage.remove(userId, key);
    throw new Error('user vanished during update');
  }
  const oldKey = storedKeyOf(previous, userId);
  if (oldKey && oldKey !== key) {
    // The row is already right: a file left behind costs disk, not correctness.
    await storage.remove(userId, oldKey).catch((error: unknown) => log.warn({ err: error, userId }, 'old profile picture not removed'));
  }
  return toUser(updated, principal.farm, principal.role, now);
}

/** A stored picture, or 404. */
export async function openProfilePicture(storage: FileStorage, userId: number, file: string): Promise<StoredFile> {
  const stored = await storage.open(userId, file);
  if (!stored) throw notFound(m.notFound);
  return stored;
}
