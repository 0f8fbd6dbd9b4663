import { ActionIcon, Badge, Button, Group } from '@mantine/core';
import { saleMessages, saleStatusLabel, showMarkPaid, showMarkPending, type Sale, type SaleStatus } from '@kuku/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';

const BADGE_COLORS: Record<SaleStatus, string> = { paid: 'green', pending: 'yellow' };

/** docs/product.md §4: 'Pending' or 'Completed'; 'N/A' when empty. */
export function SaleStatusBadge({ status }: { status: SaleStatus | null | undefined }) {
  return (
    // max-content: beside a long product on a phone card the badge was cut short.
    <Badge color={status ? BADGE_COLORS[status] : 'gray'} variant="light" miw="max-content">
      {saleStatusLabel(status)}
    </Badge>
  );
}

interface SaleMarkButtonsProps {
  sale: Sale;
  /** 'Mark Paid' or 'Mark Pending' asked for: saved at once. */
  onStatus: (sale: Sale, status: SaleStatus) => void;
  /** The status of this sale is being saved. */
  saving: boolean;
}

/** docs/product.md §4: 'Mark Paid' unless paid, 'Mark Pending' unless pending; each named after the sale too. */
export function SaleMarkButtons({ sale, onStatus, saving }: SaleMarkButtonsProps) {
  return (
    <>
      {showMarkPaid(sale.status) ? (
        <Button size="xs" variant="light" color="green" loading={saving} onClick={() => onStatus(sale, 'paid')} aria-label={`${saleMessages.markPaid}: ${sale.ref_no}`}>
          {saleMessages.markPaid}
        </Button>
      ) : null}
      {showMarkPending(sale.status) ? (
        <Button size="xs" variant="light" color="yellow" loading={saving} onClick={() => onStatus(sale, 'pending')} aria-label={`${saleMessages.markPending}: ${sale.ref_no}`}>
          {saleMessages.markPending}
        </Button>
      ) : null}
    </>
  );
}

interface SaleRowActionsProps {
  sale: Sale;
  onEdit: (sale: Sale) => void;
  onDelete: (sale: Sale) => void;
  /** The pointer or focus is on the edit button: a moment to fetch the form's code. */
  onEditIntent?: () => void;
}

/** Edit and delete of one sale: icon buttons, each named after the sale (WCAG 4.1.2), big enough for a thumb. */
export function SaleRowActions({ sale, onEdit, onDelete, onEditIntent }: SaleRowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <ActionIcon variant="light" size="lg" aria-label={saleMessages.editSaleOf(sale.ref_no)} onClick={() => onEdit(sale)} onPointerEnter={onEditIntent} onFocus={onEditIntent}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="light" color="red" size="lg" aria-label={saleMessages.deleteSaleOf(sale.ref_no)} onClick={() => onDelete(sale)}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
