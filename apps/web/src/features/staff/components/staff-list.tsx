import { Badge, Button, Group, NativeSelect, Paper, Stack, Text, Title } from '@mantine/core';
import { INVITABLE_ROLES, roleLabels, staffMessages as m, type InvitableRole, type Member, type Role } from '@kuku/domain';
import { IconMailForward, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useId, useState } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { useFarmDates } from '../../../ui/date';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { staffListQuery, useChangeRole, useRemoveMember, useResendInvitation } from '../api';

// The question before a removal loads when the pointer or focus comes near the list.
const ConfirmModal = lazyWithPreload(() => import('../../../ui/confirm-modal'), (mod) => mod.ConfirmModal);

const roleColors: Record<Role, string> = { owner: 'kuku', manager: 'blue', worker: 'orange', auditor: 'grape' };

function isInvitable(role: string): role is InvitableRole {
  return (INVITABLE_ROLES as readonly string[]).includes(role);
}

function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge color={roleColors[role]} variant="light" radius="sm" style={{ flexShrink: 0 }}>
      {roleLabels[role]}
    </Badge>
  );
}

/**
 * The farm's members (GET /api/staff, the owner first): who they are, their role, whether
 * they have joined and when they last signed in (the farm's time zone). The owner's own row
 * says 'You' and has no actions: a farm keeps its one owner.
 */
export function StaffList() {
  const titleId = useId();
  const me = useCurrentUser();
  const dates = useFarmDates();
  const list = useQuery(staffListQuery());
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const resend = useResendInvitation();
  const [removing, setRemoving] = useState<Member | null>(null);
  // Mounted from the first question on, so the dialog can play its closing transition.
  const [confirmUsed, setConfirmUsed] = useState(false);
  if (removing !== null && !confirmUsed) setConfirmUsed(true);

  const members = list.data;
  const others = members?.filter((member) => member.role !== 'owner') ?? [];

  const setRole = (member: Member, role: string) => {
    if (!isInvitable(role) || role === member.role) return;
    changeRole.mutate(
      { id: member.id, input: { role } },
      {
        onSuccess: (saved) => showSuccessToast(m.roleChanged(saved.username, saved.role)),
        onError: (error) => showErrorToast(errorMessage(error, m.failed)),
      },
    );
  };

  const resendTo = (member: Member) => {
    resend.mutate(member.id, {
      onSuccess: () => showSuccessToast(m.invitationResent(member.email)),
      onError: (error) => showErrorToast(errorMessage(error, m.failed)),
    });
  };

  const confirmRemove = () => {
    if (!removing) return;
    const member = removing;
    remove.mutate(member.id, {
      onSuccess: () => {
        setRemoving(null);
        showSuccessToast(m.removed(member.username));
      },
      onError: (error) => {
        setRemoving(null);
        showErrorToast(errorMessage(error, m.failed));
      },
    });
  };

  const name = (member: Member) => (
    <Group gap="xs" wrap="wrap">
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {member.username}
      </Text>
      {member.id === me?.id ? (
        <Badge color="gray" variant="outline" radius="sm">
          {m.you}
        </Badge>
      ) : null}
      {member.status === 'invited' ? (
        <Badge color="yellow" variant="light" radius="sm">
          {m.invited}
        </Badge>
      ) : null}
    </Group>
  );

  const email = (member: Member) => (
    <Text fz="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
      {member.email}
    </Text>
  );

  const lastSignIn = (member: Member) => (member.last_sign_in_at ? dates.dateTime(member.last_sign_in_at) : m.never);

  // A table row keeps its actions on one line; a phone's card lets them wrap.
  const actions = (member: Member, wrap: 'nowrap' | 'wrap' = 'nowrap') => {
    if (member.role === 'owner') return null;
    const busy = (changeRole.isPending && changeRole.variables.id === member.id) || (remove.isPending && remove.variables === member.id);
    return (
      <Group gap="xs" wrap={wrap} justify="flex-end">
        <NativeSelect
          aria-label={m.changeRoleOf(member.username)}
          size="xs"
          w={120}
          data={INVITABLE_ROLES.map((role) => ({ value: role, label: roleLabels[role] }))}
          value={member.role}
          disabled={busy}
          onChange={(event) => setRole(member, event.currentTarget.value)}
        />
        {member.status === 'invited' ? (
          <Button
            variant="light"
            size="xs"
            leftSection={<IconMailForward size={16} aria-hidden />}
            aria-label={`${m.resend}: ${member.username}`}
            loading={resend.isPending && resend.variables === member.id}
            onClick={() => resendTo(member)}
          >
            {m.resend}
          </Button>
        ) : null}
        <Button
          variant="light"
          color="red"
          size="xs"
          leftSection={<IconTrash size={16} aria-hidden />}
          aria-label={`${m.remove} ${member.username}`}
          disabled={busy}
          onClick={() => setRemoving(member)}
        >
          {m.remove}
        </Button>
      </Group>
    );
  };

  const columns: DataTableColumn<Member>[] = [
    { id: 'member', header: m.member, cell: (member) => <div>{name(member)}{email(member)}</div>, cellProps: () => ({ style: { minWidth: 220 } }) },
    { id: 'role', header: m.role, cell: (member) => <RoleBadge role={member.role} />, cellProps: () => ({ style: { minWidth: 120, whiteSpace: 'nowrap' } }) },
    { id: 'last', header: m.lastSignIn, cell: lastSignIn, cellProps: () => ({ style: { minWidth: 110 } }) },
    { id: 'actions', header: m.actions, align: 'right', sticky: true, cell: actions },
  ];

  const card = (member: Member) => (
    <Paper withBorder radius="md" p="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
        <div style={{ minWidth: 0 }}>
          {name(member)}
          {email(member)}
        </div>
        <RoleBadge role={member.role} />
      </Group>
      <Text fz="sm" c="dimmed" mt={4}>
        {m.lastSignIn}: {lastSignIn(member)}
      </Text>
      {member.role === 'owner' ? null : <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{actions(member, 'wrap')}</div>}
    </Paper>
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} onPointerEnter={ConfirmModal.preload} onFocus={ConfirmModal.preload}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Title order={2} fz="lg" id={titleId}>
            {m.memberList}
          </Title>
          {members ? (
            <Text c="dimmed" fz="sm">
              {m.memberCount(members.length)}
            </Text>
          ) : null}
        </Group>
        <DataTable
          label={m.memberList}
          columns={columns}
          rows={members}
          rowKey={(member) => member.id}
          status={list.status}
          busy={list.isFetching}
          loadingLabel={m.listLoading}
          errorText={m.listFailed}
          emptyText={m.empty}
          minWidth={860}
          renderCard={card}
        />
        {members && others.length === 0 ? (
          <Text c="dimmed" ta="center" py="sm">
            {m.empty}
          </Text>
        ) : null}
      </Stack>
      {confirmUsed ? (
        <Suspense fallback={null}>
          <ConfirmModal
            opened={removing !== null}
            title={m.remove}
            message={removing ? m.confirmRemove(removing.username) : ''}
            confirmLabel={m.remove}
            confirmColor="red"
            busy={remove.isPending}
            onConfirm={confirmRemove}
            onClose={() => setRemoving(null)}
          />
        </Suspense>
      ) : null}
    </Paper>
  );
}

export default StaffList;
