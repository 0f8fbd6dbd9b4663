import { Alert, Anchor, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  feedDrawProblem,
  feedKg,
  feedMessages,
  feedQuantityProblem,
  feedWords as w,
  formatQuantity,
  INVENTORY_UNIT_LABELS,
  inventoryMessages,
  type FeedRecord,
  type InventoryItem,
  type InventoryUnit,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useFarmToday } from '../../../ui/farm-today';
import { showErrorToast, showReplacingPopup } from '../../../ui/toast';
import { inventoryOptionsQuery } from '../../inventory/api';
import { usualFeedQuery, useRecordFeed, useUpdateFeed, type FeedBody } from '../../feed/api';
import { OnlineFormFooter } from './online-form-footer';

type Field = 'item_id' | 'date' | 'quantity';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly string[] = ['item_id', 'date', 'quantity'];

/** The low-stock warning's id, the store's own (it stays until read or replaced). */
const LOW_STOCK_TOAST_ID = 'inventory-low-stock';

/** '12 Bags', '2.5 kg'. */
const amountText = (quantity: number, unit: InventoryUnit) => inventoryMessages.amount(formatQuantity(quantity), unit);

/** The typed quantity as a number ('1,200' → 1200); NaN for blank or not a number. */
function typedNumber(text: string): number {
  const clean = text.trim().replace(/,/g, '');
  return clean === '' ? Number.NaN : Number(clean);
}

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

interface Values {
  itemId: string;
  date: string;
  quantity: string;
}

export interface RecordFeedModalProps {
  opened: boolean;
  onClose: () => void;
  flock: { id: number; name: string };
  /** The record to edit; a new one without it. */
  record?: FeedRecord | null;
}

/**
 * Feed given to a flock (decision 070): the farm's today, a feed item of the store with its stock,
 * the quantity in its unit (a new record starts as the flock's last one). More than the stock, a bag
 * cut in pieces and a day ahead are said before sending; the server asks again on the locked item and
 * its refusals show on their fields. Not kept on the phone with no signal: feed is no kind of the
 * outbox (decision 065), so the save waits for a connection.
 */
export function RecordFeedModal({ opened, onClose, flock, record = null }: RecordFeedModalProps) {
  const editing = record !== null;
  const today = useFarmToday();
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const create = useRecordFeed();
  const update = useUpdateFeed();
  const pending = create.isPending || update.isPending;

  const options = useQuery(inventoryOptionsQuery());
  const feedItems = (options.data ?? []).filter((item) => item.kind === 'feed');
  const usual = useQuery({ ...usualFeedQuery(flock.id), enabled: !editing });

  const [values, setValues] = useState<Values>(() =>
    record ? { itemId: String(record.item_id), date: record.date, quantity: String(record.quantity) } : { itemId: '', date: today, quantity: '' },
  );
  const [touched, setTouched] = useState(editing);
  const [prefilled, setPrefilled] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // A new record starts as the flock's last one (its item still feed in the store), else with the only feed there is.
  if (!touched && options.data && (usual.data || usual.isError)) {
    const last = usual.data?.item_id ? feedItems.find((item) => item.id === usual.data?.item_id) : undefined;
    const start = last ?? (feedItems.length === 1 ? feedItems[0] : undefined);
    setTouched(true);
    if (start) {
      setValues((current) => ({
        ...current,
        itemId: String(start.id),
        quantity: last && usual.data?.quantity !== null && usual.data?.quantity !== undefined ? String(usual.data.quantity) : current.quantity,
      }));
      setPrefilled(last !== undefined);
    }
  }

  const item: InventoryItem | undefined = feedItems.find((i) => String(i.id) === values.itemId);
  // An edited record's own quantity goes back into its item before the new one is drawn.
  const available = item ? item.quantity + (record && record.item_id === item.id ? record.quantity : 0) : 0;
  const typed = typedNumber(values.quantity);
  const left = item && Number.isFinite(typed) && typed > 0 && typed <= available ? Math.round((available - typed) * 1000) / 1000 : null;
  const kg = item && Number.isFinite(typed) && typed > 0 ? feedKg(typed, item.unit_weight_kg) : null;

  const set = (key: keyof Values, value: string, field: Field) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setFormError(null);
    setPrefilled(false);
  };

  const close = () => {
    if (pending) return;
    onClose();
  };

  const check = (): FieldErrors => {
    const found: FieldErrors = {};
    if (!item) found.item_id = feedMessages.selectItem;
    if (values.date === '') found.date = feedMessages.dateRequired;
    else if (values.date > today) found.date = feedMessages.dateFuture;
    if (values.quantity.trim() === '') found.quantity = inventoryMessages.quantityPositive;
    else if (item) found.quantity = feedQuantityProblem(typed, item.unit) ?? feedDrawProblem(typed, available) ?? undefined;
    return found;
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError) {
      const known = Object.fromEntries(Object.entries(error.fields).filter(([field]) => FIELDS.includes(field)));
      if (Object.keys(known).length > 0) return setErrors(known);
      // An archived flock or a record gone meanwhile: said in the dialog.
      if (error.status === 422 || error.status === 404) return setFormError(error.message);
    }
    const reason = error instanceof ApiError && error.message ? ` ${error.message}` : '';
    showErrorToast(`${w.errorSaving}${reason}`);
  };

  const saved = (title: string, change: { record: FeedRecord; item: InventoryItem; warning: string | null }) => {
    onClose();
    showReplacingPopup('feed-saved', {
      title,
      message: w.recordedText(change.record.flock_name, amountText(change.record.quantity, change.record.unit), change.record.item_name, amountText(change.item.quantity, change.item.unit)),
    });
    if (change.warning) {
      notifications.hide(LOW_STOCK_TOAST_ID);
      notifications.show({ id: LOW_STOCK_TOAST_ID, color: 'orange', title: inventoryMessages.lowStockTitle, message: change.warning, autoClose: false });
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || !online) return;
    const found = check();
    setErrors(found);
    if (Object.values(found).some(Boolean) || !item) return;
    const body: FeedBody = { item_id: item.id, date: values.date, quantity: typed };
    if (record) {
      const changed: Partial<FeedBody> = {
        ...(body.item_id !== record.item_id ? { item_id: body.item_id } : {}),
        ...(body.date !== record.date ? { date: body.date } : {}),
        ...(body.quantity !== record.quantity ? { quantity: body.quantity } : {}),
      };
      if (Object.keys(changed).length === 0) return setFormError(feedMessages.nothingToUpdate);
      update.mutate({ id: record.id, body: changed }, { onSuccess: (change) => saved(w.updated, change), onError: failed });
      return;
    }
    create.mutate({ flockId: flock.id, body }, { onSuccess: (change) => saved(w.recorded, change), onError: failed });
  };

  const noFeed = options.isSuccess && feedItems.length === 0;
  const title = editing ? w.editRecord : w.recordFeed;

  return (
    <Modal opened={opened} onClose={close} title={title} fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {flock.name}
          </Text>
          {noFeed ? (
            <Alert color="blue" role="status">
              {w.noFeedItems}{' '}
              <Anchor component={Link} to={paths.inventory.getHref()} fw={600}>
                {w.openInventory}
              </Anchor>
            </Alert>
          ) : (
            <>
              <NativeSelect
                label={w.itemLabel}
                withAsterisk
                data={[
                  { value: '', label: w.itemPlaceholder, disabled: true },
                  ...feedItems.map((i) => ({ value: String(i.id), label: w.itemOption(i.item_name, amountText(i.quantity, i.unit)) })),
                  // An edited record's item may be feed no more, or gone from the picker.
                  ...(record && !feedItems.some((i) => i.id === record.item_id) ? [{ value: String(record.item_id), label: record.item_name }] : []),
                ]}
                value={values.itemId}
                onChange={(event) => set('itemId', event.currentTarget.value, 'item_id')}
                error={errors.item_id}
              />
              <TextInput
                label={w.dateLabel}
                type="date"
                withAsterisk
                max={today}
                value={values.date}
                onChange={(event) => set('date', event.currentTarget.value, 'date')}
                error={errors.date}
              />
              <TextInput
                label={item ? w.quantityLabel(INVENTORY_UNIT_LABELS[item.unit]) : inventoryMessages.quantityLabel}
                withAsterisk
                inputMode="decimal"
                autoComplete="off"
                value={values.quantity}
                description={prefilled ? w.usual : undefined}
                onChange={(event) => set('quantity', event.currentTarget.value.replace(/[^\d.,]/g, '').slice(0, 16), 'quantity')}
                error={errors.quantity}
                data-autofocus
              />
              {item && !errors.quantity && (left !== null || kg !== null) ? (
                <Text fz="sm" c="dimmed" role="status">
                  {[kg !== null ? w.weighs(formatQuantity(kg)) : null, left !== null ? w.leftAfter(amountText(left, item.unit)) : null].filter(Boolean).join(' ')}
                </Text>
              ) : null}
            </>
          )}
          <OnlineFormFooter
            formError={formError}
            online={online}
            pending={pending}
            onCancel={close}
            cancelLabel={w.cancel}
            submitLabel={noFeed ? null : pending ? w.saving : editing ? w.save : w.recordFeed}
            submitDisabled={options.isPending}
          />
        </Stack>
      </form>
    </Modal>
  );
}

export default RecordFeedModal;
