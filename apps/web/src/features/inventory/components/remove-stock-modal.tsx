import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  formatQuantity,
  inventoryMessages as m,
  lowStockWarning,
  MOVEMENT_NOTE_MAX,
  REMOVAL_REASON_LABELS,
  REMOVAL_REASONS,
  removalProblem,
  type InventoryItem,
  type RemovalReason,
} from '@kuku/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useFarmToday } from '../../../ui/farm-today';
import { useRemoveStock, type RemoveStockBody } from '../api';
import type { Waiting } from '../../../outbox/waiting-edit';
import type { InventoryNotices } from './inventory-toasts';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';

/** The typed quantity as a number ('1,200' → 1200); NaN for blank or not a number. */
export function typedNumber(text: string): number {
  const clean = text.trim().replace(/,/g, '');
  return clean === '' ? Number.NaN : Number(clean);
}

interface RemoveStockModalProps {
  opened: boolean;
  onClose: () => void;
  item: InventoryItem;
  notices: InventoryNotices;
  /** A removal still on the phone, opened to correct it: its save replaces it there. */
  waiting?: Waiting<RemoveStockBody> | undefined;
}

/**
 * docs/product.md §5 Stock removal: at least 1 and at most the stock ('Cannot remove more than available.
 * Stock: 12'), asked here before sending and by the server on the locked item; the answer's
 * stock left and its low-stock warning show while the quantity is typed (decision 054).
 */
export function RemoveStockModal({ opened, onClose, item, notices, waiting }: RemoveStockModalProps) {
  const remove = useRemoveStock(waiting?.id);
  const today = useFarmToday();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const saved = waiting?.body;
  const [quantity, setQuantity] = useState(saved ? String(saved.quantity) : '');
  const [reason, setReason] = useState<RemovalReason | ''>(saved?.reason ?? '');
  const [note, setNote] = useState(saved?.note ?? '');
  const [error, setError] = useState<string | null>(null);
  const [noteError, setNoteError] = useState<string | null>(null);

  // What the removal would leave, said before saving: a farmer reorders before the store is empty.
  const typed = typedNumber(quantity);
  const left = Number.isFinite(typed) && typed > 0 && typed <= item.quantity ? Math.round((item.quantity - typed) * 1000) / 1000 : null;
  const warning = left === null ? null : lowStockWarning(left, item.reorder_level);

  const close = () => {
    if (remove.isPending) return;
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (remove.isPending) return;
    const amount = typedNumber(quantity);
    const problem = quantity.trim() === '' ? m.removalMin : removalProblem(amount, item.quantity, item.unit);
    setError(problem);
    if (problem) return;
    const text = note.trim();
    remove.mutate(
      { item, day: today, input: { quantity: amount, ...(reason ? { reason } : {}), ...(text ? { note: text } : {}) } },
      {
        onSuccess: (change) => {
          onClose();
          if (!change) return showSavedOnPhone();
          notices.saved(m.removed, change.item);
          if (change.warning) notices.lowStock(change.warning, m.lowStockTitle);
        },
        onError: (failure) => {
          // A 422 (the stock moved since the list was read) or a 400 names the field.
          if (failure instanceof ApiError && (failure.fields.quantity || failure.fields.note)) {
            setError(failure.fields.quantity ?? null);
            setNoteError(failure.fields.note ?? null);
            return;
          }
          notices.failed(m.errorUpdating, failure);
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={m.removeStock} fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {item.item_name}
          </Text>
          <Text fz="sm" c="dimmed">
            {m.inStock(formatQuantity(item.quantity), item.unit)}
          </Text>
          <TextInput
            label={m.removeQuantityLabel}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            value={quantity}
            onChange={(event) => {
              setQuantity(event.currentTarget.value.replace(/[^\d.,]/g, '').slice(0, 16));
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          {warning && !error ? (
            <Alert color="yellow" role="status" p="xs">
              {warning}
            </Alert>
          ) : null}
          <NativeSelect
            label={m.reasonLabel}
            data={[{ value: '', label: m.noReason }, ...REMOVAL_REASONS.map((r) => ({ value: r, label: REMOVAL_REASON_LABELS[r] }))]}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value as RemovalReason | '')}
          />
          <TextInput
            label={m.noteLabel}
            maxLength={MOVEMENT_NOTE_MAX}
            value={note}
            onChange={(event) => {
              setNote(event.currentTarget.value);
              setNoteError(null);
            }}
            error={noteError}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={remove.isPending}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={remove.isPending}>
              {remove.isPending ? m.saving : m.removeStock}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default RemoveStockModal;
