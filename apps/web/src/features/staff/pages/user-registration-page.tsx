import { Button, Skeleton } from '@mantine/core';
import { staffMessages as m } from '@kuku/domain';
import { IconUserPlus } from '@tabler/icons-react';
import { Suspense, useState } from 'react';
import { Deferred } from '../../../first-screen/deferred';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { PageHeader } from '../../../ui/page-header';

// The form (its inputs, the schemas) is not on the first screen: it loads on first use, or when
// the pointer or focus heads for its button (docs/design.md §9: 170 KB of JS gzip).
const InviteMemberModal = lazyWithPreload(() => import('../components/invite-member-modal'), (mod) => mod.InviteMemberModal);
// The list (its table, cards and actions) loads once the first screen is drawn, beside the screen's data.
const StaffList = lazyWithPreload(() => import('../components/staff-list'), (mod) => mod.StaffList);

/**
 * /user-registration (docs/product.md §2, docs/design.md §6): the owner's list of the people who work on the farm,
 * each with their own login and role; invite, change a role, send the code again, remove.
 */
export function UserRegistrationPage() {
  // Null until first opened; then mounted for good, so the dialog can play its closing transition.
  const [invite, setInvite] = useState<{ opened: boolean; key: number } | null>(null);
  return (
    <>
      <PageHeader
        title={m.title}
        subtitle={m.subtitle}
        actions={
          <Button
            leftSection={<IconUserPlus size={18} aria-hidden />}
            onClick={() => setInvite((d) => ({ opened: true, key: (d?.key ?? 0) + 1 }))}
            onPointerEnter={InviteMemberModal.preload}
            onFocus={InviteMemberModal.preload}
          >
            {m.addMember}
          </Button>
        }
      />
      <Deferred fallback={<Skeleton h={240} radius="lg" aria-label={m.listLoading} />} soon>
        <StaffList />
      </Deferred>
      {invite ? (
        <Suspense fallback={null}>
          <InviteMemberModal key={invite.key} opened={invite.opened} onClose={() => setInvite((d) => (d ? { ...d, opened: false } : d))} />
        </Suspense>
      ) : null}
    </>
  );
}
