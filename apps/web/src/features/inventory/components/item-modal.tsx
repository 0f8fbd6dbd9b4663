import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  centsToAmountText,
  centsToShillings,
  createInventoryItemSchema,
  DEFAULT_INVENTORY_UNIT,
  INVENTORY_KIND_LABELS,
  INVENTORY_KINDS,
  INVENTORY_UNIT_ONE,
  inventoryKindMessages as k,
  kindOfItemName,
  INVENTORY_UNIT_LABELS,
  INVENTORY_UNITS,
  inventoryMessages as m,
  ITEM_NAME_MAX,
  MOVEMENT_NOTE_MAX,
  type Flock,
  type InventoryItem,
  type InventoryKind,
  type InventoryUnit,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCreateItem, useUpdateItem, type InventoryItemUpdate } from '../api';
import type { InventoryNotices } from './inventory-toasts';

export type ItemField = 'item_name' | 'flock_id' | 'quantity' | 'unit' | 'reorder_level' | 'cost_per_unit' | 'kind' | 'unit_weight_kg';
type FieldErrors = Partial<Record<ItemField, string>>;
const FIELDS: readonly ItemField[] = ['item_name', 'flock_id', 'quantity', 'unit', 'reorder_level', 'cost_per_unit', 'kind', 'unit_weight_kg'];

/** What the form holds: the texts typed and the options picked. */
export interface ItemValues {
  name: string;
  flockId: string;
  quantity: string;
  unit: InventoryUnit;
  reorderLevel: string;
  /** Shillings as typed: '3500', '1,250.50'. */
  cost: string;
  note: string;
  /** What the item is (decision 070); '' until chosen, when the name tells it. */
  kind: InventoryKind | '';
  /** The weight of one unit in kg as typed, asked for feed not counted in kg. */
  unitWeight: string;
}

/** The kind the form sends: the one chosen, else the one the name tells. */
export const kindOf = (values: Pick<ItemValues, 'kind' | 'name'>): InventoryKind => (values.kind === '' ? kindOfItemName(values.name) : values.kind);

/** Whether the form asks the weight of one unit: feed counted in bags, litres… (kg weighs 1). */
export const asksWeight = (values: Pick<ItemValues, 'kind' | 'name' | 'unit'>): boolean => kindOf(values) === 'feed' && values.unit !== 'kg';

const blank = (text: string) => (text.trim() === '' ? undefined : text.trim().replace(/,/g, ''));

/**
 * docs/product.md §5 Inventory item: name of 3 or more, a flock, quantity, reorder level and cost per unit
 * above 0, checked by the schema the server runs again. The first message a field gets is shown.
 */
export function validateItem(values: ItemValues): { body?: InventoryItemUpdate; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parsed = createInventoryItemSchema.safeParse({
    item_name: values.name,
    flock_id: values.flockId === '' ? undefined : values.flockId,
    quantity: blank(values.quantity),
    unit: values.unit,
    reorder_level: blank(values.reorderLevel),
    cost_per_unit: values.cost.trim() === '' ? undefined : values.cost,
    kind: kindOf(values),
    ...(asksWeight(values) ? { unit_weight_kg: blank(values.unitWeight) ?? null } : {}),
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ItemField | undefined;
      if (field && FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
    }
    return { errors };
  }
  const item = parsed.data;
  return {
    errors,
    body: {
      item_name: item.item_name,
      flock_id: item.flock_id,
      quantity: item.quantity,
      unit: item.unit,
      reorder_level: item.reorder_level,
      cost_per_unit: centsToShillings(item.cost_per_unit),
      kind: item.kind ?? kindOf(values),
      // Not asked (not feed, or counted in kg): the server keeps the stored weight, or sets 1 kg.
      ...(item.unit_weight_kg !== undefined ? { unit_weight_kg: item.unit_weight_kg } : {}),
    },
  };
}

function initialValues(item: InventoryItem | null, flocks: Flock[]): ItemValues {
  if (item) {
    return {
      name: item.item_name,
      flockId: String(item.flock_id),
      quantity: String(item.quantity),
      unit: item.unit,
      reorderLevel: String(item.reorder_level),
      cost: centsToAmountText(item.cost_per_unit_cents ?? 0),
      note: '',
      kind: item.kind,
      unitWeight: item.unit !== 'kg' && item.unit_weight_kg !== null ? String(item.unit_weight_kg) : '',
    };
  }
  const only = flocks.length === 1 && flocks[0] ? String(flocks[0].id) : '';
  return { name: '', flockId: only, quantity: '', unit: DEFAULT_INVENTORY_UNIT, reorderLevel: '', cost: '', note: '', kind: '', unitWeight: '' };
}

interface ItemModalProps {
  opened: boolean;
  onClose: () => void;
  /** The farm's flocks, for the selector. */
  flocks: Flock[];
  /** The item to edit; a new one without it. */
  item: InventoryItem | null;
  notices: InventoryNotices;
}

/** docs/product.md §2 and §5: the add-item and edit-item dialog. An edit sends the full item; a new quantity is a correction. */
export function ItemModal({ opened, onClose, flocks, item, notices }: ItemModalProps) {
  const editing = item !== null;
  const create = useCreateItem();
  const update = useUpdateItem();
  const pending = create.isPending || update.isPending;
  // Phones get the whole screen: the keypad needs the room.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;

  const [values, setValues] = useState<ItemValues>(() => initialValues(item, flocks));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [invalid, setInvalid] = useState(false);
  const [formNote, setFormNote] = useState<string | null>(null);

  // Flocks arriving after the form opened: a farm of one flock gets it chosen.
  if (!item && values.flockId === '' && flocks.length === 1 && flocks[0]) {
    setValues((current) => ({ ...current, flockId: String(flocks[0]?.id) }));
  }

  const set = <K extends keyof ItemValues>(key: K, value: ItemValues[K], field?: ItemField) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFormNote(null);
    setInvalid(false);
    if (field) setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const close = () => {
    if (pending) return;
    onClose();
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      const known = Object.fromEntries(Object.entries(error.fields).filter(([field]) => FIELDS.includes(field as ItemField)));
      if (Object.keys(known).length > 0) {
        setErrors(known);
        return;
      }
    }
    notices.failed(m.errorSaving, error);
  };

  const checked = validateItem(values);
  const quantityChanged = editing && checked.body !== undefined && checked.body.quantity !== item.quantity;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    setErrors(checked.errors);
    setInvalid(!checked.body);
    if (!checked.body) return;
    const body = checked.body;
    if (item) {
      const unchanged =
        body.item_name === item.item_name &&
        body.flock_id === item.flock_id &&
        body.quantity === item.quantity &&
        body.unit === item.unit &&
        body.reorder_level === item.reorder_level &&
        body.kind === item.kind &&
        (body.unit_weight_kg === undefined || body.unit_weight_kg === item.unit_weight_kg) &&
        Math.round(Number(body.cost_per_unit) * 100) === item.cost_per_unit_cents;
      if (unchanged) {
        setFormNote(m.nothingToUpdate);
        return;
      }
      const note = values.note.trim();
      update.mutate(
        { id: item.id, input: { ...body, ...(quantityChanged && note ? { note } : {}) } },
        {
          onSuccess: (saved) => {
            onClose();
            notices.saved(m.updated, saved);
          },
          onError: failed,
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (saved) => {
        onClose();
        notices.saved(m.added, saved);
      },
      onError: failed,
    });
  };

  const title = editing ? m.editItem : m.addNewItem;
  const submitLabel = editing ? (update.isPending ? m.updating : m.updateItem) : create.isPending ? m.adding : m.addItem;
  const amount = (text: string) => text.replace(/[^\d.,]/g, '').slice(0, 16);

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {flocks.length === 0 && !editing ? (
            <Alert color="blue" role="status">
              {m.noFlocks}{' '}
              <Anchor component={Link} to={paths.flocks.getHref()} fw={600}>
                {m.addFlock}
              </Anchor>
            </Alert>
          ) : null}
          <TextInput
            label={m.nameLabel}
            withAsterisk
            placeholder={m.namePlaceholder}
            maxLength={ITEM_NAME_MAX}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value, 'item_name')}
            error={errors.item_name}
          />
          <NativeSelect
            label={m.flockLabel}
            withAsterisk
            data={[
              { value: '', label: m.flockPlaceholder, disabled: true },
              ...flocks.map((f) => ({ value: String(f.id), label: f.name })),
              // An edited item's flock may be missing from the options (archived, not yet loaded).
              ...(item && !flocks.some((f) => f.id === item.flock_id) ? [{ value: String(item.flock_id), label: item.flock_name }] : []),
            ]}
            value={values.flockId}
            onChange={(event) => set('flockId', event.currentTarget.value, 'flock_id')}
            error={errors.flock_id}
          />
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={m.quantityLabel}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              value={values.quantity}
              onChange={(event) => set('quantity', amount(event.currentTarget.value), 'quantity')}
              error={errors.quantity}
            />
            <NativeSelect
              label={m.unitLabel}
              withAsterisk
              data={INVENTORY_UNITS.map((unit) => ({ value: unit, label: INVENTORY_UNIT_LABELS[unit] }))}
              value={values.unit}
              onChange={(event) => set('unit', event.currentTarget.value as InventoryUnit, 'unit')}
              error={errors.unit}
            />
          </Group>
          <NativeSelect
            label={k.kindLabel}
            withAsterisk
            data={INVENTORY_KINDS.map((kind) => ({ value: kind, label: INVENTORY_KIND_LABELS[kind] }))}
            value={kindOf(values)}
            onChange={(event) => set('kind', event.currentTarget.value as InventoryKind, 'kind')}
            error={errors.kind}
          />
          {asksWeight(values) ? (
            <TextInput
              label={k.unitWeightLabel(INVENTORY_UNIT_ONE[values.unit])}
              description={k.unitWeightHint}
              inputMode="decimal"
              autoComplete="off"
              value={values.unitWeight}
              onChange={(event) => set('unitWeight', amount(event.currentTarget.value), 'unit_weight_kg')}
              error={errors.unit_weight_kg}
            />
          ) : null}
          {quantityChanged ? (
            <TextInput
              label={m.correctionNoteLabel}
              maxLength={MOVEMENT_NOTE_MAX}
              value={values.note}
              onChange={(event) => set('note', event.currentTarget.value)}
            />
          ) : null}
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={m.reorderLabel}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              value={values.reorderLevel}
              onChange={(event) => set('reorderLevel', amount(event.currentTarget.value), 'reorder_level')}
              error={errors.reorder_level}
            />
            <TextInput
              label={m.costLabelFor(values.unit)}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={values.cost}
              onChange={(event) => set('cost', amount(event.currentTarget.value), 'cost_per_unit')}
              error={errors.cost_per_unit}
            />
          </Group>
          {invalid ? <Alert color="red" role="alert" title={m.formInvalid} p="xs" /> : null}
          {formNote ? (
            <Alert color="blue" role="status" p="xs">
              {formNote}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={pending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

export default ItemModal;
