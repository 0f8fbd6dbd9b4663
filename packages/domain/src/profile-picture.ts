import { z } from 'zod/mini';
import { idField } from './common/fields.js';
import { ensureEnglishMessages } from './common/zod-locale.js';
import { profilePictureUploadMessages } from './profile-picture-rules.js';

ensureEnglishMessages();

/** A stored picture's name: made by the server (a UUID), never from the uploaded file's name. */
export const PROFILE_PICTURE_FILE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

/** GET /api/profile-pictures/:userId/:file, the address a user's profile_picture holds. */
export const profilePictureParamsSchema = z.object({
  userId: idField(profilePictureUploadMessages.notFound),
  file: z.string().check(z.maxLength(64, profilePictureUploadMessages.notFound), z.regex(PROFILE_PICTURE_FILE, profilePictureUploadMessages.notFound)),
});
