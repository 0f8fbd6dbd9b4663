/**
 * Profile picture words and limits, without zod: the upload loads them on first use (the
 * profile screen's first load carries none, decision 017), and the server refuses uploads
 * in these words (docs/design.md §6, decision 036).
 */
import { words, type Catalogues } from './common/words.js';

/** The multipart field the picture travels in (docs/product.md §7). */
export const PROFILE_PICTURE_FIELD = 'profilePicture';
/** The most an upload may weigh (docs/design.md §6); the browser compresses first, so a photo is far below it. */
export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024;
/** The stored picture: a square WebP of this many pixels a side. */
export const PROFILE_PICTURE_SIZE = 512;
/**
 * The most pixels the server decodes: 4096 × 4096, about 16.8 million (decision 052). A phone's
 * photo is commonly 12 MP (4032 × 3024) and a cheap phone's 16 MP (4608 × 3456), and the browser
 * shrinks it to 1024 px before the upload anyway; a PNG of this size takes 64 MB once decoded.
 * A small file declaring more is a decompression bomb, refused from its header before any decoding.
 */
export const PROFILE_PICTURE_MAX_PIXELS = 4096 * 4096;
/** Uploads a person may make in an hour, counted in the database whatever their outcome. */
export const PROFILE_PICTURE_UPLOADS_PER_HOUR = 10;
/** The browser's compression before the upload (docs/product.md §7: quality 0.6). */
export const PROFILE_PICTURE_COMPRESSION = { maxSizeMB: 1, maxWidthOrHeight: 1024, initialQuality: 0.6 } as const;

/** The picture's words once an upload is under way ('Change picture' is in profileMessages, with the screen). */
export const profilePictureMessages = words(
  'profilePicture',
  {
    updated: 'Profile picture updated.',
    /** The browser could not decode the chosen file to compress it. */
    unreadableImage: 'The file could not be read as a picture.',
    uploadFailed: (message: string) => `Failed to upload profile picture: ${message}`,
    compressFailed: (message: string) => `Failed to compress image: ${message}`,
  },
  { sw: () => import('./sw/profile-picture-rules.js') as Promise<Catalogues> },
);

/** The server's refusals of an upload (kept apart: the profile screen does not carry them). */
export const profilePictureUploadMessages = words(
  'profilePictureUpload',
  {
    missing: 'Choose a picture to upload.',
    notAnImage: 'That file is not a picture. Choose a photo (JPEG, PNG, WebP, GIF, AVIF or HEIF).',
    tooLarge: 'The picture is larger than 5 MB. Choose a smaller one.',
    tooManyPixels: 'The picture has too many pixels to process. Choose a smaller one.',
    oneOnly: 'Send one picture only.',
    notMultipart: 'Send the picture as a file upload (a multipart form with the field profilePicture).',
    unreadable: 'The upload could not be read. Please try again.',
    notFound: 'No such picture.',
    tooManyUploads: `You have changed your picture ${PROFILE_PICTURE_UPLOADS_PER_HOUR} times in the last hour. Please try again later.`,
  },
  { sw: () => import('./sw/profile-picture-rules.js') as Promise<Catalogues> },
);

/** docs/product.md §8: the upload failed with the server's reason. */
export function failedToUploadProfilePicture(message: string): string {
  return profilePictureMessages.uploadFailed(message);
}

/** docs/product.md §8: the browser could not compress the chosen file. */
export function failedToCompressImage(message: string): string {
  return profilePictureMessages.compressFailed(message);
}
