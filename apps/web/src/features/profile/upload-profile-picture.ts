/**
 * A chosen picture, compressed and uploaded (docs/product.md §7), loaded when a file is chosen: the
 * profile screen's first load carries only the 'Change picture' button (decision 036).
 */
import {
  failedToCompressImage,
  failedToUploadProfilePicture,
  PROFILE_PICTURE_FIELD,
  profileMessages,
  profilePictureMessages as m,
} from '@kuku/domain';
import type { QueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';
import { currentUserKey } from '../../lib/current-user';
import { showErrorToast, showSuccessToast } from '../../ui/toast';
import { compressPicture } from './compress-picture';
// Not through api.ts: sharing it with the screen would split it into a chunk of its own.
import { updateProfilePictureResponseSchema } from './schemas';

/**
 * Compresses the picture in the browser, uploads it and shows it everywhere at once (the
 * header too); docs/product.md §8's words when it fails. Answers whether the picture changed.
 */
export async function uploadProfilePicture(queryClient: QueryClient, file: File): Promise<boolean> {
  let compressed: File;
  try {
    compressed = await compressPicture(file);
  } catch (error) {
    showErrorToast(failedToCompressImage(error instanceof Error && error.message ? error.message : m.unreadableImage));
    return false;
  }
  try {
    const form = new FormData();
    form.append(PROFILE_PICTURE_FIELD, compressed, compressed.name);
    const user = await apiRequest('/auth/update-profile-picture', { schema: updateProfilePictureResponseSchema, method: 'POST', body: form });
    queryClient.setQueryData(currentUserKey, user);
    showSuccessToast(m.updated);
    return true;
  } catch (error) {
    // The server's reason when it gave one, else the client's own words.
    showErrorToast(error instanceof ApiError ? failedToUploadProfilePicture(error.message) : profileMessages.failedToUpdatePicture);
    return false;
  }
}
