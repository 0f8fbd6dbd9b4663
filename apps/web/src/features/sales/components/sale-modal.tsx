import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  centsToAmountText,
  centsToShillings,
  createSaleSchema,
  DEFAULT_OTHER_UNIT,
  EGGS_PER_TRAY,
  formatKes,
  isSaleDateAllowed,
  isWholeUnitCategory,
  lineTotalCents,
  parseAmount,
  SALE_CATEGORIES,
  SALE_DESCRIPTION_MAX,
  SALE_PRODUCT_MAX,
  SALE_STATUS_LABELS,
  SALE_STATUSES,
  SALE_TYPES,
  SALE_UNIT_BY_CATEGORY,
  SALE_UNIT_MAX,
  saleDateWindow,
  saleMessages,
  saleQuantityProblem,
  saleUnit,
  type Flock,
  type Sale,
  type SaleBody,
  type SaleCategory,
  type SaleStatus,
  type SaleType,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { preferredFlock, rememberFlock } from '../../../lib/last-flock';
import { eggStatsQuery } from '../../eggs/api';
import { useCreateSale, useUpdateSale } from '../api';
import { showSaleSavedPopup } from './sale-saved-popup';
import { showSaleFailure } from './sale-toasts';
import { useFarmToday } from '../../../ui/farm-today';

export type SaleField = keyof SaleBody | 'amount';
type FieldErrors = Partial<Record<SaleField, string>>;
const FIELDS: readonly SaleField[] = ['flock_id', 'category', 'product', 'description', 'quantity', 'unit', 'unit_price', 'amount', 'date', 'sale_type', 'status'];

/** What the form holds: the texts typed and the options picked. */
export interface SaleValues {
  flockId: string;
  category: SaleCategory | '';
  product: string;
  description: string;
  quantity: string;
  /** The free unit of an 'Other' sale; the other categories' unit is theirs (saleUnit). */
  unit: string;
  /** Shillings as typed: '450', '33.35', '1,250'. */
  unitPrice: string;
  date: string;
  saleType: SaleType | '';
  status: SaleStatus | '';
}

/** docs/product.md §9: the new-sale form offers the four categories; 'Other' is the edit form's only. */
const NEW_SALE_CATEGORIES = SALE_CATEGORIES.filter((category) => category !== 'Other');

/** A quantity field keeps digits and one decimal point: the decimal keypad has nothing else, and a paste is cleaned the same way. */
export function quantityInput(value: string): string {
  const cleaned = value.replace(/[^\d.]/g, '');
  const point = cleaned.indexOf('.');
  return (point === -1 ? cleaned : `${cleaned.slice(0, point + 1)}${cleaned.slice(point + 1).replace(/\./g, '')}`).slice(0, 12);
}

/** The typed quantity as a number; null while empty or half typed ('.', '2.'). */
export function quantityValue(text: string): number | null {
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : null;
}

/** The read-only amount: quantity × unit price in cents (lineTotalCents, no float maths), or why there is none. */
export function saleAmount(values: Pick<SaleValues, 'quantity' | 'unitPrice'>): { cents: number } | { error: string | null } {
  const quantity = quantityValue(values.quantity);
  const price = parseAmount(values.unitPrice);
  if (quantity === null || !price.ok) return { error: null };
  const total = lineTotalCents(quantity, price.cents);
  return total.ok ? { cents: total.cents } : { error: saleMessages.amountTooLarge };
}

/** The body the form stands for, as createSaleSchema reads it (the price as typed: it accepts text). */
function toInput(values: SaleValues) {
  const quantity = values.quantity.trim() === '' ? undefined : (quantityValue(values.quantity) ?? Number.NaN);
  return {
    flock_id: values.flockId,
    category: values.category === '' ? undefined : values.category,
    product: values.product,
    description: values.description.trim() === '' ? null : values.description,
    quantity,
    unit: values.category === 'Other' ? values.unit : null,
    unit_price: values.unitPrice.trim() === '' ? undefined : values.unitPrice,
    date: values.date,
    sale_type: values.saleType === '' ? undefined : values.saleType,
    status: values.status === '' ? undefined : values.status,
  };
}

/**
 * docs/product.md §5 New sale: every field but the description required, checked by the schema the server
 * runs again, then the date window in the farm's zone. The first message a field gets is shown.
 */
export function validateSale(values: SaleValues, today: string, checkDate: boolean): { body?: SaleBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parsed = createSaleSchema.safeParse(toInput(values));
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SaleField | undefined;
      if (field && FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  // The category's own quantity rule (whole crates) is said at once, not after the other fields are right.
  const quantity = quantityValue(values.quantity);
  if (errors.quantity === undefined && values.category !== '' && quantity !== null) {
    const problem = saleQuantityProblem(values.category, quantity);
    if (problem) errors.quantity = problem;
  }
  if (checkDate && errors.date === undefined && values.date !== '' && !isSaleDateAllowed(values.date, today)) {
    errors.date = saleMessages.dateOutsideWindow;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  const sale = parsed.data;
  return {
    errors,
    body: {
      flock_id: sale.flock_id,
      category: sale.category,
      product: sale.product,
      description: sale.description ?? null,
      quantity: sale.quantity,
      unit: sale.category === 'Other' ? saleUnit('Other', sale.unit) : saleUnit(sale.category),
      unit_price: centsToShillings(sale.unit_price),
      date: values.date,
      sale_type: sale.sale_type,
      status: sale.status,
    },
  };
}

/** The fields of `body` that differ from the stored sale: an edit sends only those. */
export function changedFields(sale: Sale, body: SaleBody): Partial<SaleBody> {
  const changed: Partial<SaleBody> = {};
  if (body.flock_id !== sale.flock_id) changed.flock_id = body.flock_id;
  if (body.category !== sale.category) changed.category = body.category;
  if (body.product !== sale.product) changed.product = body.product;
  if ((body.description ?? null) !== (sale.description ?? null)) changed.description = body.description ?? null;
  if (body.quantity !== sale.quantity) changed.quantity = body.quantity;
  if (body.category === 'Other' && body.unit !== sale.unit) changed.unit = body.unit ?? null;
  if (Math.round(body.unit_price * 100) !== sale.unit_price_cents) changed.unit_price = body.unit_price;
  if (body.date !== sale.date.slice(0, 10)) changed.date = body.date;
  if (body.sale_type !== sale.sale_type) changed.sale_type = body.sale_type;
  if (body.status !== sale.status) changed.status = body.status;
  return changed;
}

/** A new sale's status follows its type until the farmer picks one: credit is owed, the rest is paid. */
const statusForType = (type: SaleType | ''): SaleStatus | '' => (type === '' ? '' : type === 'Credit' ? 'pending' : 'paid');

function initialValues(sale: Sale | null | undefined, flocks: Flock[], today: string, userId: number | undefined): SaleValues {
  if (sale) {
    return {
      flockId: String(sale.flock_id),
      category: sale.category,
      product: sale.product,
      description: sale.description ?? '',
      quantity: String(sale.quantity),
      unit: sale.category === 'Other' ? sale.unit : '',
      unitPrice: centsToAmountText(sale.unit_price_cents),
      date: sale.date.slice(0, 10),
      saleType: sale.sale_type,
      status: sale.status,
    };
  }
  return {
    flockId: preferredFlock(userId, flocks),
    category: '',
    product: '',
    description: '',
    // docs/product.md §5: the quantity starts at 1.
    quantity: '1',
    unit: '',
    unitPrice: '',
    date: today,
    saleType: 'Cash',
    status: statusForType('Cash'),
  };
}

/**
 * A sale of more egg crates than this month's egg stock (the egg screen's available stock, in
 * crates of 30): a warning only, the sale is recorded anyway (a farmer may record late). An edit
 * of an egg sale of this month counts its own crates back, as the stock has them taken already.
 */
function useCratesWarning(values: SaleValues, sale: Sale | null | undefined, today: string): string | null {
  const month = today.slice(0, 7);
  const relevant = values.category === 'Egg Sales' && values.date.slice(0, 7) === month;
  const stats = useQuery({ ...eggStatsQuery(), enabled: relevant }).data;
  const quantity = quantityValue(values.quantity);
  if (!relevant || !stats || quantity === null) return null;
  const own = sale && sale.category === 'Egg Sales' && sale.date.slice(0, 7) === month ? sale.quantity : 0;
  const available = Math.floor(Math.max(0, stats.available_stock) / EGGS_PER_TRAY) + own;
  return quantity > available ? saleMessages.moreCratesThanStock(available) : null;
}

interface SaleModalProps {
  opened: boolean;
  onClose: () => void;
  /** The farm's flocks, for the selector. */
  flocks: Flock[];
  /** The sale to edit; a new one without it. */
  sale?: Sale | null;
}

/**
 * docs/product.md §2 and §5: the new-sale and edit-sale dialog. The amount is read-only, quantity × unit
 * price (the server computes it again and its figure is kept); the unit follows the category.
 */
export function SaleModal({ opened, onClose, flocks, sale }: SaleModalProps) {
  const editing = Boolean(sale);
  const today = useFarmToday();
  const dateWindow = saleDateWindow(today);
  const create = useCreateSale();
  const update = useUpdateSale();
  const pending = create.isPending || update.isPending;
  // Phones get the whole screen: the keypad needs the room.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;

  const userId = useCurrentUser()?.id;
  const [values, setValues] = useState<SaleValues>(() => initialValues(sale, flocks, today, userId));
  const [statusPicked, setStatusPicked] = useState(editing);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formNote, setFormNote] = useState<string | null>(null);
  // A price of 0 is asked about once before saving: usually a slip, sometimes a gift.
  const [zeroAsked, setZeroAsked] = useState(false);

  // Flocks arriving after the form opened: a farm of one flock gets it chosen.
  if (!sale && values.flockId === '' && flocks.length === 1 && flocks[0]) {
    setValues((current) => ({ ...current, flockId: String(flocks[0]?.id) }));
  }

  const set = <K extends keyof SaleValues>(key: K, value: SaleValues[K], ...fields: SaleField[]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFormNote(null);
    if (key === 'unitPrice') setZeroAsked(false);
    if (fields.length > 0) setErrors((current) => ({ ...current, ...Object.fromEntries(fields.map((f) => [f, undefined])) }));
  };

  const amount = saleAmount(values);
  const cratesWarning = useCratesWarning(values, sale, today);
  const unitFixed = values.category === '' ? null : SALE_UNIT_BY_CATEGORY[values.category];
  const whole = values.category !== '' && isWholeUnitCategory(values.category);

  const close = () => {
    if (pending) return;
    onClose();
  };

  const failed = (error: unknown, fallback: string) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      const known = Object.fromEntries(Object.entries(error.fields).filter(([field]) => FIELDS.includes(field as SaleField)));
      if (Object.keys(known).length > 0) {
        setErrors(known);
        return;
      }
    }
    showSaleFailure(fallback, error);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // An edit that keeps its old date is not held to today's window (the server checks a changed date only).
    const checkDate = !sale || values.date !== sale.date.slice(0, 10);
    const checked = validateSale(values, today, checkDate);
    setErrors(checked.errors);
    if (!checked.body) return;
    const body = checked.body;
    if (body.unit_price === 0 && !zeroAsked && (!sale || sale.unit_price_cents !== 0)) {
      setZeroAsked(true);
      return;
    }
    if (sale) {
      const input = changedFields(sale, body);
      if (Object.keys(input).length === 0) {
        setFormNote(saleMessages.nothingToUpdate);
        return;
      }
      update.mutate(
        { id: sale.id, input },
        {
          onSuccess: (saved) => {
            onClose();
            showSaleSavedPopup(saleMessages.updated, saved);
          },
          onError: (error) => failed(error, saleMessages.errorUpdating),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (saved) => {
        rememberFlock(userId, saved.flock_id);
        onClose();
        showSaleSavedPopup(saleMessages.saved, saved);
      },
      onError: (error) => failed(error, saleMessages.failedToSave),
    });
  };

  const categories = editing ? SALE_CATEGORIES : NEW_SALE_CATEGORIES;
  const title = editing ? saleMessages.editSale : saleMessages.createNewSale;
  const submitLabel = editing ? (update.isPending ? saleMessages.updating : 'Update Sale') : create.isPending ? saleMessages.saving : 'Save Sale';

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!editing && flocks.length === 0 ? (
            <Alert color="blue" role="status">
              No flocks yet.{' '}
              <Anchor component={Link} to={paths.flocks.getHref()} fw={600}>
                Add a flock
              </Anchor>{' '}
              first, then record its sales here.
            </Alert>
          ) : null}
          <NativeSelect
            label="Flock"
            withAsterisk
            data={[
              { value: '', label: 'Select a flock', disabled: true },
              ...flocks.map((f) => ({ value: String(f.id), label: f.name })),
              // An edited sale's flock may be missing from the options (archived, not yet loaded).
              ...(sale && !flocks.some((f) => f.id === sale.flock_id) ? [{ value: String(sale.flock_id), label: sale.flock_name }] : []),
            ]}
            value={values.flockId}
            onChange={(event) => set('flockId', event.currentTarget.value, 'flock_id')}
            error={errors.flock_id}
          />
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <NativeSelect
              label="Category"
              withAsterisk
              data={[{ value: '', label: 'Select a category', disabled: true }, ...categories]}
              value={values.category}
              onChange={(event) => set('category', event.currentTarget.value as SaleCategory, 'category', 'quantity', 'unit')}
              error={errors.category}
            />
            <TextInput
              label="Product"
              withAsterisk
              placeholder="e.g. Grade A eggs"
              maxLength={SALE_PRODUCT_MAX}
              value={values.product}
              onChange={(event) => set('product', event.currentTarget.value, 'product')}
              error={errors.product}
            />
          </Group>
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="Quantity"
              withAsterisk
              inputMode={whole ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={values.quantity}
              onChange={(event) => set('quantity', quantityInput(event.currentTarget.value), 'quantity', 'amount')}
              error={errors.quantity}
            />
            {values.category === 'Other' ? (
              <TextInput
                label="Unit"
                placeholder={DEFAULT_OTHER_UNIT}
                maxLength={SALE_UNIT_MAX}
                value={values.unit}
                onChange={(event) => set('unit', event.currentTarget.value, 'unit')}
                error={errors.unit}
              />
            ) : (
              <TextInput
                label="Unit"
                value={unitFixed ?? ''}
                placeholder="—"
                readOnly
                variant="filled"
              />
            )}
          </Group>
          {cratesWarning ? (
            <Alert color="yellow" role="status" p="xs">
              {cratesWarning}
            </Alert>
          ) : null}
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="Unit price (Ksh)"
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={values.unitPrice}
              onChange={(event) => set('unitPrice', event.currentTarget.value.replace(/[^\d.,]/g, '').slice(0, 16), 'unit_price', 'amount')}
              error={errors.unit_price}
            />
            <TextInput
              label="Amount"
              value={'cents' in amount ? formatKes(amount.cents) : ''}
              placeholder="—"
              readOnly
              variant="filled"
              aria-live="polite"
              error={errors.amount ?? ('error' in amount ? amount.error : null)}
            />
          </Group>
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <NativeSelect
              label="Sale type"
              withAsterisk
              data={[{ value: '', label: saleMessages.typePlaceholder, disabled: true }, ...SALE_TYPES]}
              value={values.saleType}
              onChange={(event) => {
                const type = event.currentTarget.value as SaleType;
                set('saleType', type, 'sale_type');
                if (!statusPicked) set('status', statusForType(type), 'status');
              }}
              error={errors.sale_type}
            />
            <NativeSelect
              label="Status"
              withAsterisk
              data={[
                { value: '', label: 'Select a status', disabled: true },
                ...SALE_STATUSES.map((status) => ({ value: status, label: SALE_STATUS_LABELS[status] })),
              ]}
              value={values.status}
              onChange={(event) => {
                setStatusPicked(true);
                set('status', event.currentTarget.value as SaleStatus, 'status');
              }}
              error={errors.status}
            />
          </Group>
          <TextInput
            label="Date"
            type="date"
            withAsterisk
            min={dateWindow.earliest}
            max={dateWindow.latest}
            value={values.date}
            onChange={(event) => set('date', event.currentTarget.value, 'date')}
            error={errors.date}
          />
          <Textarea
            label="Description"
            description="Optional: the buyer, a note"
            rows={2}
            maxLength={SALE_DESCRIPTION_MAX}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value, 'description')}
            error={errors.description}
          />
          {formNote ? (
            <Alert color="blue" role="status" p="xs">
              {formNote}
            </Alert>
          ) : null}
          {zeroAsked ? (
            <Alert color="yellow" role="alert" p="xs">
              {saleMessages.zeroPriceAsk}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" disabled={pending}>
              {zeroAsked && !pending ? saleMessages.saveAtZero : submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
