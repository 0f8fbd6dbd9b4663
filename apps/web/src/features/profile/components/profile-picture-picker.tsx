import { Button } from '@mantine/core';
import { profileMessages } from '@kuku/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent } from 'react';
import { showErrorToast } from '../../../ui/toast';

/**
 * 'Change picture': opens the phone's gallery or camera. The compression and the upload load
 * once a file is chosen, so the screen's first load carries this button only (decision 036).
 */
export function ProfilePicturePicker() {
  const queryClient = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);

  const upload = async (file: File) => {
    setBusy(true);
    try {
      const { uploadProfilePicture } = await import('../upload-profile-picture');
      await uploadProfilePicture(queryClient, file);
    } catch {
      // The code could not be fetched (offline): nothing was sent.
      showErrorToast(profileMessages.failedToUpdatePicture);
    } finally {
      setBusy(false);
    }
  };

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    // The same file may be chosen again after a failure.
    event.currentTarget.value = '';
    if (file) void upload(file);
  };

  return (
    <>
      <input ref={input} type="file" accept="image/*" hidden onChange={onChange} />
      <Button variant="light" size="xs" loading={busy} onClick={() => input.current?.click()}>
        {profileMessages.changePicture}
      </Button>
    </>
  );
}
