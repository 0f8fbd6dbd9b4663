import { Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { centsToAmountText, centsToShillings, formatKes, formatQuantity, inventoryMessages as m, quantityProblem, restockSchema, type InventoryUnit } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { inventoryOptionsQuery, useRestock, type RestockBody } from '../api';
import type { InventoryNotices } from './inventory-toasts';

type RestockField = 'item' | 'quantity' | 'cost_per_unit';
type FieldErrors = Partial<Record<RestockField, string>>;

/** The stock in as typed: a quantity above 0 (whole for bags, doses and pieces) and, if given, a new cost above 0. */
export function validateRestock(itemId: string, quantity: string, cost: string, unit: InventoryUnit | undefined): { body?: RestockBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  if (itemId === '') errors.item = m.selectItem;
  const parsed = restockSchema.safeParse({
    quantity: quantity.trim() === '' ? undefined : quantity.trim().replace(/,/g, ''),
    ...(cost.trim() === '' ? {} : { cost_per_unit: cost }),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as RestockField | undefined;
      if ((field === 'quantity' || field === 'cost_per_unit') && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  if (parsed.success && unit) {
    const problem = quantityProblem(parsed.data.quantity, unit);
    if (problem) errors.quantity = problem;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  const { quantity: amount, cost_per_unit: cents } = parsed.data;
  return { errors, body: { quantity: amount, ...(cents === undefined ? {} : { cost_per_unit: centsToShillings(cents) }) } };
}

interface RestockModalProps {
  opened: boolean;
  onClose: () => void;
  /** The item to restock ('Restock' on a low item); the farmer picks one without it. */
  itemId: number | null;
  notices: InventoryNotices;
}

/** 'Update Inventory' (docs/product.md §2): stock in for an item, at a new cost per unit when one is given. */
export function RestockModal({ opened, onClose, itemId, notices }: RestockModalProps) {
  const restock = useRestock();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const options = useQuery(inventoryOptionsQuery());
  const items = options.data ?? [];
  const [chosen, setChosen] = useState(itemId === null ? '' : String(itemId));
  const [quantity, setQuantity] = useState('');
  const [cost, setCost] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const item = items.find((i) => String(i.id) === chosen);

  const close = () => {
    if (restock.isPending) return;
    onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (restock.isPending) return;
    const checked = validateRestock(chosen, quantity, cost, item?.unit);
    setErrors(checked.errors);
    if (!checked.body) return;
    restock.mutate(
      { id: Number(chosen), input: checked.body },
      {
        onSuccess: (change) => {
          onClose();
          notices.saved(m.restocked, change.item);
        },
        onError: (failure) => {
          if (failure instanceof ApiError && (failure.fields.quantity || failure.fields.cost_per_unit)) {
            setErrors({ quantity: failure.fields.quantity, cost_per_unit: failure.fields.cost_per_unit });
            return;
          }
          notices.failed(m.errorUpdating, failure);
        },
      },
    );
  };

  const amount = (text: string) => text.replace(/[^\d.,]/g, '').slice(0, 16);
  const noItems = options.isSuccess && items.length === 0;

  return (
    <Modal opened={opened} onClose={close} title={m.updateInventory} fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {noItems ? (
            <Alert color="blue" role="status">
              {m.noItemsToRestock}
            </Alert>
          ) : null}
          <NativeSelect
            label={m.itemLabel}
            withAsterisk
            data={[
              { value: '', label: options.isPending ? m.listLoading : m.itemPlaceholder, disabled: true },
              ...items.map((i) => ({ value: String(i.id), label: i.item_name })),
            ]}
            value={chosen}
            onChange={(event) => {
              setChosen(event.currentTarget.value);
              setErrors((current) => ({ ...current, item: undefined }));
            }}
            error={errors.item}
          />
          {item ? (
            <Text fz="sm" c="dimmed">
              {m.inStock(formatQuantity(item.quantity), item.unit)} · {formatKes(item.cost_per_unit_cents ?? 0)}
            </Text>
          ) : null}
          <TextInput
            label={m.quantityLabel}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            value={quantity}
            onChange={(event) => {
              setQuantity(amount(event.currentTarget.value));
              setErrors((current) => ({ ...current, quantity: undefined }));
            }}
            error={errors.quantity}
          />
          <TextInput
            label={item ? m.newCostLabelFor(item.unit) : m.newCostLabel}
            description={m.newCostHint}
            inputMode="decimal"
            autoComplete="off"
            placeholder={item ? centsToAmountText(item.cost_per_unit_cents ?? 0) : '0.00'}
            value={cost}
            onChange={(event) => {
              setCost(amount(event.currentTarget.value));
              setErrors((current) => ({ ...current, cost_per_unit: undefined }));
            }}
            error={errors.cost_per_unit}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={restock.isPending}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={restock.isPending || noItems}>
              {restock.isPending ? m.saving : m.addStock}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default RestockModal;
