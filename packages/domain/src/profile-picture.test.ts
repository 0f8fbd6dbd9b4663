import { describe, expect, it } from 'vitest';
import { profilePictureParamsSchema } from './profile-picture.js';
import {
  failedToCompressImage,
  failedToUploadProfilePicture,
  PROFILE_PICTURE_MAX_BYTES,
  profilePictureMessages,
  profilePictureUploadMessages,
} from './profile-picture-rules.js';
import { profileMessages } from './profile-rules.js';

describe('profile pictures', () => {
  it("says docs/product.md §8's words", () => {
    expect(profileMessages.failedToUpdatePicture).toBe('Failed to update profile picture');
    expect(profilePictureMessages.updated).toBe('Profile picture updated.');
    expect(failedToUploadProfilePicture('too big')).toBe('Failed to upload profile picture: too big');
    expect(failedToCompressImage('no canvas')).toBe('Failed to compress image: no canvas');
    expect(PROFILE_PICTURE_MAX_BYTES).toBe(5_242_880);
  });

  it('names a picture by a user id and a server-made file name only', () => {
    const file = '0b8f3a52-4c1e-4b8e-9d0a-6f2e1c3b5a79.webp';
    expect(profilePictureParamsSchema.parse({ userId: '7', file })).toEqual({ userId: 7, file });
    for (const bad of [
      { userId: '0', file },
      { userId: '7', file: 'photo.webp' },
      { userId: '7', file: '../7/0b8f3a52-4c1e-4b8e-9d0a-6f2e1c3b5a79.webp' },
      { userId: '7', file: '0B8F3A52-4C1E-4B8E-9D0A-6F2E1C3B5A79.webp' },
      { userId: '7', file: '0b8f3a52-4c1e-4b8e-9d0a-6f2e1c3b5a79.png' },
    ]) {
      expect(profilePictureParamsSchema.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(profilePictureUploadMessages.notFound);
    }
  });
});
