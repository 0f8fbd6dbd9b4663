import { Anchor, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { billingMessages as m, formatKesPrice, staffMessages, SUBSCRIPTION_PRICE_CENTS } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { paymentPlanQuery } from '../../features/billing/api';
import { useCan } from '../../lib/use-can';
import { useLogout } from '../../lib/use-logout';

/**
 * docs/product.md §2 suspended-subscription modal: not dismissable; pay to the till or from the phone on
 * /billing, log out, or ask support. Loaded only for a suspended account, which fetches the plan.
 */
export function SuspendedModal() {
  // Only the owner pays (docs/design.md §6): the others are told to ask them, and the plan is not theirs to read.
  const canPay = useCan('billing');
  const plan = useQuery({ ...paymentPlanQuery(), enabled: canPay });
  const logout = useLogout();
  const amount = formatKesPrice(plan.data?.price_cents ?? SUBSCRIPTION_PRICE_CENTS);
  const text = !canPay
    ? staffMessages.ownerMustResume
    : plan.data
      ? m.suspendedText.replace('{amount}', amount).replace('{till}', plan.data.till_number)
      : m.suspendedTextNoTill.replace('{amount}', amount);

  return (
    <Modal
      opened
      onClose={() => undefined}
      title={m.suspendedTitle}
      centered
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
    >
      <Stack gap="md">
        {canPay && plan.isPending ? <Loader size="sm" aria-label={m.suspendedTitle} /> : <Text>{text}</Text>}
        <Group gap="sm" grow>
          {canPay ? (
            <Button component={Link} to={paths.billing.getHref()}>
              {m.payNowToResume}
            </Button>
          ) : null}
          <Button variant="default" onClick={() => logout.mutate()} loading={logout.isPending}>
            {m.logout}
          </Button>
        </Group>
        {plan.data?.support_url ? (
          <Anchor href={plan.data.support_url} target="_blank" rel="noopener noreferrer" ta="center" underline="always">
            {m.supportChat}
          </Anchor>
        ) : null}
      </Stack>
    </Modal>
  );
}
