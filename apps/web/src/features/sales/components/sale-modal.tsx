import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  BIRD_SALE_UNITS,
  birdSaleMessages as b,
  DEFAULT_OTHER_UNIT,
  EGGS_PER_TRAY,
  formatKes,
  isBirdSale,
  isWholeSaleUnit,
  SALE_CATEGORIES,
  SALE_CATEGORY_LABELS,
  SALE_DESCRIPTION_MAX,
  SALE_PRODUCT_MAX,
  SALE_UNIT_BY_CATEGORY,
  SALE_UNIT_MAX,
  saleDateWindow,
  saleDialogWords as w,
  saleMessages,
  saleUnitLabel,
  type Flock,
  type Sale,
  type SaleBody,
  type SaleCategory,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { rememberFlock } from '../../../lib/last-flock';
import { eggStatsQuery } from '../../eggs/api';
import { useCreateSale, useUpdateSale } from '../api';
import { showSaleSavedPopup } from './sale-saved-popup';
import { showSaleFailure } from './sale-toasts';
import { useFarmToday } from '../../../ui/farm-today';
import { SaleTypeStatus } from '../../../ui/sale-type-status';

import {
  birdsLeaving,
  birdUnitOf,
  changedFields,
  FIELDS,
  initialValues,
  leavingText,
  NEW_SALE_CATEGORIES,
  quantityInput,
  quantityValue,
  saleAmount,
  validateSale,
  type FieldErrors,
  type SaleField,
  type SaleValues,
  valuesOfBody,
} from './sale-form';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';
import { isKeptToChoose } from '../../../outbox/kept-to-choose';
import type { Waiting } from '../../../outbox/waiting-edit';

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
  /** A new sale still on the phone, opened to correct it: its save replaces it there. */
  waiting?: Waiting<SaleBody> | undefined;
}

/**
 * docs/product.md §2 and §5: the new-sale and edit-sale dialog. The amount is read-only, quantity × unit
 * price (the server computes it again and its figure is kept); the unit follows the category.
 */
export function SaleModal({ opened, onClose, flocks, sale, waiting }: SaleModalProps) {
  const editing = Boolean(sale);
  const today = useFarmToday();
  const dateWindow = saleDateWindow(today);
  const create = useCreateSale(waiting?.id);
  const update = useUpdateSale();
  const pending = create.isPending || update.isPending;
  // Phones get the whole screen: the keypad needs the room.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;

  const userId = useCurrentUser()?.id;
  const [values, setValues] = useState<SaleValues>(() => (waiting && !sale ? valuesOfBody(waiting.body) : initialValues(sale, flocks, today, userId)));
  const [statusPicked, setStatusPicked] = useState(editing || Boolean(waiting));
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
  const birdSale = values.category !== '' && isBirdSale(values.category);
  const byKg = birdSale && birdUnitOf(values.unit) === 'Kg';
  const whole = values.category !== '' && isWholeSaleUnit(values.category, birdSale ? birdUnitOf(values.unit) : values.unit);
  const leaving = birdsLeaving(values);

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
        { record: sale, input },
        {
          onSuccess: (saved) => {
            onClose();
            if (saved) showSaleSavedPopup(saleMessages.updated, saved);
            else showSavedOnPhone();
          },
          // Changed on another phone since: the list of records on the phone asks which to keep.
          onError: (error) => (isKeptToChoose(error) ? onClose() : failed(error, saleMessages.errorUpdating)),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (saved) => {
        rememberFlock(userId, body.flock_id);
        onClose();
        if (saved) showSaleSavedPopup(waiting ? saleMessages.updated : saleMessages.saved, saved);
        else showSavedOnPhone();
      },
      onError: (error) => failed(error, saleMessages.failedToSave),
    });
  };

  const categories = editing ? SALE_CATEGORIES : NEW_SALE_CATEGORIES;
  const title = editing || waiting ? saleMessages.editSale : saleMessages.createNewSale;
  const submitLabel = editing || waiting ? (pending ? saleMessages.updating : w.updateSale) : pending ? saleMessages.saving : w.saveSale;

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!editing && flocks.length === 0 ? (
            <Alert color="blue" role="status">
              {w.noFlocks}{' '}
              <Anchor component={Link} to={paths.flocks.getHref()} fw={600}>
                {w.addFlock}
              </Anchor>{' '}
              {w.noFlocksAfter}
            </Alert>
          ) : null}
          <NativeSelect
            label={w.flock}
            withAsterisk
            data={[
              { value: '', label: w.selectFlock, disabled: true },
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
              label={w.category}
              withAsterisk
              data={[{ value: '', label: w.selectCategory, disabled: true }, ...categories.map((value) => ({ value, label: SALE_CATEGORY_LABELS[value] }))]}
              value={values.category}
              onChange={(event) => set('category', event.currentTarget.value as SaleCategory, 'category', 'quantity', 'unit', 'birds', 'weight_kg')}
              error={errors.category}
            />
            <TextInput
              label={w.product}
              withAsterisk
              placeholder={w.productPlaceholder}
              maxLength={SALE_PRODUCT_MAX}
              value={values.product}
              onChange={(event) => set('product', event.currentTarget.value, 'product')}
              error={errors.product}
            />
          </Group>
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={w.quantity}
              withAsterisk
              inputMode={whole ? 'numeric' : 'decimal'}
              autoComplete="off"
              value={values.quantity}
              onChange={(event) => set('quantity', quantityInput(event.currentTarget.value), 'quantity', 'amount')}
              error={errors.quantity}
            />
            {birdSale ? (
              <NativeSelect
                label={b.pricedLabel}
                data={BIRD_SALE_UNITS.map((unit) => ({ value: unit, label: unit === 'Kg' ? b.byKg : b.byBird }))}
                value={birdUnitOf(values.unit)}
                onChange={(event) => set('unit', event.currentTarget.value, 'unit', 'quantity', 'birds', 'weight_kg')}
                error={errors.unit}
              />
            ) : values.category === 'Other' ? (
              <TextInput
                label={w.unit}
                placeholder={saleUnitLabel(DEFAULT_OTHER_UNIT)}
                maxLength={SALE_UNIT_MAX}
                value={values.unit}
                onChange={(event) => set('unit', event.currentTarget.value, 'unit')}
                error={errors.unit}
              />
            ) : (
              <TextInput
                label={w.unit}
                value={unitFixed === null ? '' : saleUnitLabel(unitFixed)}
                placeholder="—"
                readOnly
                variant="filled"
              />
            )}
          </Group>
          {birdSale ? (
            <div>
              {byKg ? (
                <TextInput
                  label={b.birdsLabel}
                  withAsterisk
                  inputMode="numeric"
                  autoComplete="off"
                  value={values.birds}
                  onChange={(event) => set('birds', event.currentTarget.value.replace(/\D/g, '').slice(0, 7), 'birds')}
                  error={errors.birds}
                />
              ) : (
                <TextInput
                  label={b.weightLabel}
                  description={b.weightHint}
                  inputMode="decimal"
                  autoComplete="off"
                  value={values.weightKg}
                  onChange={(event) => set('weightKg', quantityInput(event.currentTarget.value), 'weight_kg')}
                  error={errors.weight_kg}
                />
              )}
              {leaving !== null ? (
                <Text size="sm" c="dimmed" mt={4} aria-live="polite">
                  {leavingText(leaving)}
                </Text>
              ) : null}
            </div>
          ) : null}
          {cratesWarning ? (
            <Alert color="yellow" role="status" p="xs">
              {cratesWarning}
            </Alert>
          ) : null}
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={w.unitPrice}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={values.unitPrice}
              onChange={(event) => set('unitPrice', event.currentTarget.value.replace(/[^\d.,]/g, '').slice(0, 16), 'unit_price', 'amount')}
              error={errors.unit_price}
            />
            <TextInput
              label={w.amount}
              value={'cents' in amount ? formatKes(amount.cents) : ''}
              placeholder="—"
              readOnly
              variant="filled"
              aria-live="polite"
              error={errors.amount ?? ('error' in amount ? amount.error : null)}
            />
          </Group>
          <SaleTypeStatus
            saleType={values.saleType}
            status={values.status}
            statusPicked={statusPicked}
            onSaleType={(type, status) => {
              set('saleType', type, 'sale_type');
              if (status !== null) set('status', status, 'status');
            }}
            onStatus={(status) => {
              setStatusPicked(true);
              set('status', status, 'status');
            }}
            errors={errors}
            placeholders={{ saleType: saleMessages.typePlaceholder, status: w.selectStatus }}
          />
          <TextInput
            label={w.date}
            type="date"
            withAsterisk
            min={dateWindow.earliest}
            max={dateWindow.latest}
            value={values.date}
            onChange={(event) => set('date', event.currentTarget.value, 'date')}
            error={errors.date}
          />
          <Textarea
            label={w.description}
            description={w.descriptionHint}
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
              {w.cancel}
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
