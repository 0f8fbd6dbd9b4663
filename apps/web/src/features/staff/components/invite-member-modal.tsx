import { Button, Group, Modal, Radio, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { INVITABLE_ROLES, roleDescriptions, roleLabels, staffMessages as m, type InvitableRole } from '@kuku/domain';
import { errorMessage } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { staffSchemas, useInviteMember } from '../api';

const validate = staffSchemas.resolver((schemas) => schemas.inviteMemberSchema);

interface InviteValues {
  username: string;
  email: string;
  /** None chosen at first: the owner picks one knowingly (staffMessages.roleRequired). */
  role: InvitableRole | '';
}

interface InviteMemberModalProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * 'Add Member': a username, an email and a role, checked by the schema the server runs again;
 * the server mails the person a code. A taken username or email shows on its field (409 fields).
 */
export function InviteMemberModal({ opened, onClose }: InviteMemberModalProps) {
  const invite = useInviteMember();
  // Phones get the whole screen: the keyboard needs the room.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const form = useForm<InviteValues>({
    initialValues: { username: '', email: '', role: '' },
    validate,
    validateInputOnBlur: true,
  });

  const close = () => {
    if (!invite.isPending) onClose();
  };

  const submit = form.onSubmit((values) => {
    const input = staffSchemas.get().inviteMemberSchema.parse(values);
    invite.mutate(input, {
      onSuccess: (member) => {
        showSuccessToast(m.invitationSent(member.email));
        onClose();
      },
      onError: (error) => {
        if (!applyServerFieldErrors(form, error)) showErrorToast(errorMessage(error, m.failed));
      },
    });
  });

  const roleProps = form.getInputProps('role');
  return (
    <Modal opened={opened} onClose={close} title={m.addMember} size="lg" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate onFocus={staffSchemas.preload} onPointerEnter={staffSchemas.preload}>
        <Stack gap="md">
          <TextInput
            label={m.username}
            withAsterisk
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            description={m.usernameHint}
            {...form.getInputProps('username')}
          />
          <TextInput label={m.email} withAsterisk type="email" autoComplete="off" {...form.getInputProps('email')} />
          <Radio.Group label={m.role} withAsterisk {...roleProps}>
            <Stack gap="sm" mt="xs">
              {INVITABLE_ROLES.map((role) => (
                <Radio key={role} value={role} label={roleLabels[role]} description={roleDescriptions[role]} />
              ))}
            </Stack>
          </Radio.Group>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={invite.isPending}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={invite.isPending}>
              {invite.isPending ? m.inviting : m.invite}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default InviteMemberModal;
