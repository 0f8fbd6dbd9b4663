import { failedToCompressImage, failedToUploadProfilePicture, profileMessages, profilePictureMessages as m, profilePictureUploadMessages } from '@kuku/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { apiError, mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { renderWithProviders } from '../../../test/render';
import { compressPicture } from '../compress-picture';
import { ProfilePicturePicker } from './profile-picture-picker';

// jsdom draws no pictures: the compression is stood in for; the browser journey runs the real one.
vi.mock('../compress-picture', () => ({ compressPicture: vi.fn() }));
const compress = vi.mocked(compressPicture);
afterEach(() => {
  compress.mockReset();
  vi.unstubAllGlobals();
});

const photo = () => new File([new Uint8Array(2_000_000)], 'farm.jpg', { type: 'image/jpeg' });
const small = new File([new Uint8Array(90_000)], 'farm.jpg', { type: 'image/jpeg' });

async function choose(file: File) {
  // The visible control is the button; the file input it opens is hidden.
  expect(screen.getByRole('button', { name: profileMessages.changePicture })).toBeEnabled();
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  expect(input).toHaveAttribute('accept', 'image/*');
  await userEvent.setup().upload(input, file);
}

describe('ProfilePicturePicker', () => {
  it('compresses the picture, sends it as profilePicture and shows the new one at once', async () => {
    compress.mockResolvedValue(small);
    const updated = makeUser({ profile_picture: '/api/profile-pictures/1/0b8f3a52-4c1e-4b8e-9d0a-6f2e1c3b5a79.webp' });
    const requests = mockApi({ 'POST /auth/update-profile-picture': { body: updated } });
    const { queryClient } = renderWithProviders(<ProfilePicturePicker />);
    const original = photo();

    await choose(original);

    expect(await screen.findByText(m.updated)).toBeInTheDocument();
    expect(compress).toHaveBeenCalledWith(original);
    const body = requests[0]?.body;
    expect(body).toBeInstanceOf(FormData);
    expect(body instanceof FormData && body.get('profilePicture')).toBeInstanceOf(File);
    expect(body instanceof FormData && body.get('profilePicture')).toHaveProperty('size', small.size);
    expect(queryClient.getQueryData(currentUserKey)).toEqual(updated);
  });

  it("says 'Failed to compress image: …' and sends nothing when the browser cannot compress it", async () => {
    compress.mockRejectedValue(new Error('The file given is not an image'));
    const requests = mockApi({});
    renderWithProviders(<ProfilePicturePicker />);

    await choose(photo());

    expect(await screen.findByText(failedToCompressImage('The file given is not an image'))).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it("shows the server's reason as 'Failed to upload profile picture: …'", async () => {
    compress.mockResolvedValue(small);
    mockApi({ 'POST /auth/update-profile-picture': apiError(400, 'validation', profilePictureUploadMessages.notAnImage) });
    const { queryClient } = renderWithProviders(<ProfilePicturePicker />);
    const before = makeUser();
    queryClient.setQueryData(currentUserKey, before);

    await choose(photo());

    expect(await screen.findByText(failedToUploadProfilePicture(profilePictureUploadMessages.notAnImage))).toBeInTheDocument();
    expect(queryClient.getQueryData(currentUserKey)).toEqual(before);
  });

  it("says 'Failed to update profile picture' when the server gave no reason", async () => {
    compress.mockResolvedValue(small);
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    renderWithProviders(<ProfilePicturePicker />);

    await choose(photo());

    expect(await screen.findByText(profileMessages.failedToUpdatePicture)).toBeInTheDocument();
  });
});
