import { Alert, Button, Group, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  birdsOfSale,
  centsToShillings,
  closeBatchMessages as m,
  closeBatchSchema,
  economicsWords as w,
  formatCount,
  formatKes,
  formatQuantity,
  isSaleDateAllowed,
  lineTotalCents,
  parseAmount,
  SALE_DESCRIPTION_MAX,
  saleDateWindow,
  saleDialogWords,
  saleMessages,
  saleQuantityProblem,
  statusForType,
  type CloseBatchAnswer,
  type SaleStatus,
  type SaleType,
} from '@kuku/domain';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { useState, useSyncExternalStore, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useSeesMoney } from '../../../lib/use-can';
import { useFarmToday } from '../../../ui/farm-today';
import { SaleTypeStatus } from '../../../ui/sale-type-status';
import { showErrorToast } from '../../../ui/toast';
import { useCloseBatch, type CloseBatchBody } from '../close-batch-api';
import { flockWeighingsQuery } from '../economics-api';
import { OnlineFormFooter } from './online-form-footer';

type Field = 'date' | 'total_kg' | 'unit_price' | 'sale_type' | 'status' | 'description';
type FieldErrors = Partial<Record<Field, string>>;
const FIELDS: readonly string[] = ['date', 'total_kg', 'unit_price', 'sale_type', 'status', 'description'];

/** A weight as typed ('1,999.8' → 1999.8); NaN for text that is not a number, null for blank. */
function typedKg(text: string): number | null {
  const clean = text.trim().replace(/,/g, '');
  return clean === '' ? null : /^\d+(\.\d+)?$/.test(clean) ? Number(clean) : Number.NaN;
}

/** birds × the latest weighing's average, to a tenth of a kg: what a farmer would put on a scale's slip. */
const suggestedKg = (birds: number, averageKg: number) => Math.round(birds * averageKg * 10) / 10;

const subscribeOnline = (listener: () => void) => onlineManager.subscribe(listener);
const isOnline = () => onlineManager.isOnline();

/** A figure the server could not compute (its records missing) shows as '—', never 0. */
const NONE = '—';
const shown = (value: number | null | undefined, format: (value: number) => string): string =>
  value === null || value === undefined ? NONE : format(value);

export interface CloseBatchModalProps {
  opened: boolean;
  onClose: () => void;
  flock: { id: number; name: string; bird_count: number };
}

interface Values {
  date: string;
  /** The weight as typed; null until the farmer types, the weighing's suggestion shown meanwhile. */
  total: string | null;
  price: string;
  saleType: SaleType | '';
  status: SaleStatus | '';
  buyer: string;
}

/**
 * Closing a broiler batch (docs/decisions/072-bird-sales-and-closing-a-batch.md): the birds left
 * sold by the kg in one sale, the batch archived, its result shown in the dialog. The weight
 * starts as the birds × the latest weighing's average when the batch was weighed; the amount shows
 * as it is typed; the status follows the sale type as the sale form's does. The domain's schema
 * and rules are asked before sending, and the server's refusals show on their fields. Not kept on
 * the phone with no signal: closing waits for a connection.
 */
export function CloseBatchModal({ opened, onClose, flock }: CloseBatchModalProps) {
  const today = useFarmToday();
  const dateWindow = saleDateWindow(today);
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const close = useCloseBatch();
  const pending = close.isPending;
  const birds = flock.bird_count;
  const selling = birds > 0;

  const weighings = useQuery({ ...flockWeighingsQuery(flock.id), enabled: opened && selling });
  const latest = weighings.data?.items[0];
  const suggestion = selling && latest ? suggestedKg(birds, latest.average_kg) : null;

  const [values, setValues] = useState<Values>({ date: today, total: null, price: '', saleType: 'Mobile Money', status: statusForType('Mobile Money'), buyer: '' });
  const [statusPicked, setStatusPicked] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [answer, setAnswer] = useState<CloseBatchAnswer | null>(null);

  const totalText = values.total ?? (suggestion === null ? '' : String(suggestion));
  const kg = typedKg(totalText);
  const price = parseAmount(values.price);
  const amount = kg !== null && Number.isFinite(kg) && price.ok ? lineTotalCents(kg, price.cents) : null;

  const set = <K extends keyof Values>(key: K, value: Values[K], ...fields: Field[]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, ...Object.fromEntries(fields.map((field) => [field, undefined])) }));
    setFormError(null);
  };

  const dismiss = () => {
    if (pending) return;
    onClose();
  };

  /** The body, or what is wrong: the schema the server runs, then the weight's and the date's own rules. */
  const check = (): { body?: CloseBatchBody; errors: FieldErrors } => {
    const found: FieldErrors = {};
    const parsed = closeBatchSchema.safeParse({
      date: values.date,
      total_kg: selling ? kg : null,
      unit_price: selling && values.price.trim() !== '' ? values.price : null,
      sale_type: values.saleType === '' ? undefined : values.saleType,
      status: values.status === '' ? undefined : values.status,
      description: values.buyer.trim() === '' ? null : values.buyer,
    });
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = issue.path[0];
        if (typeof field === 'string' && FIELDS.includes(field)) found[field as Field] ??= issue.message;
      }
    }
    if (selling) {
      if (kg === null) found.total_kg ??= m.weightRequired;
      else if (!found.total_kg) {
        const problem = saleQuantityProblem('Live Birds', kg, 'Kg');
        const facts = problem ? null : birdsOfSale({ category: 'Live Birds', unit: 'Kg', quantity: kg, birds });
        if (problem) found.total_kg = problem;
        else if (facts && !facts.ok) found.total_kg = facts.message;
      }
      if (values.price.trim() === '') found.unit_price ??= m.priceRequired;
      else if (!found.unit_price && amount !== null && !amount.ok) found.unit_price = saleMessages.amountTooLarge;
    }
    if (!found.date && !isSaleDateAllowed(values.date, today)) found.date = saleMessages.dateOutsideWindow;
    if (!parsed.success || Object.values(found).some(Boolean)) return { errors: found };
    const input = parsed.data;
    return {
      errors: found,
      body: {
        date: input.date,
        total_kg: selling ? (input.total_kg ?? null) : null,
        unit_price: selling && input.unit_price !== undefined && input.unit_price !== null ? centsToShillings(input.unit_price) : null,
        sale_type: input.sale_type,
        status: input.status,
        description: input.description ?? null,
      },
    };
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError) {
      const known = Object.fromEntries(Object.entries(error.fields).filter(([field]) => FIELDS.includes(field)));
      if (Object.keys(known).length > 0) return setErrors(known);
      // A laying flock, a batch closed meanwhile, a flock gone: said in the dialog.
      if (error.status === 422 || error.status === 404 || error.status === 400) return setFormError(error.message);
    }
    const reason = error instanceof ApiError && error.message ? ` ${error.message}` : '';
    showErrorToast(`${m.failed}${reason}`);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending || !online) return;
    const { body, errors: found } = check();
    setErrors(found);
    if (!body) return;
    close.mutate({ flockId: flock.id, body }, { onSuccess: setAnswer, onError: failed });
  };

  return (
    <Modal opened={opened} onClose={dismiss} title={answer ? m.resultTitle : m.title} fullScreen={phone} centered size="lg">
      {answer ? (
        <BatchResult answer={answer} onDone={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Text style={{ overflowWrap: 'anywhere' }}>{m.intro(birds, flock.name)}</Text>
            <TextInput
              label={m.dateLabel}
              type="date"
              withAsterisk
              min={dateWindow.earliest}
              max={dateWindow.latest}
              value={values.date}
              onChange={(event) => set('date', event.currentTarget.value, 'date')}
              error={errors.date}
            />
            {selling ? (
              <>
                <TextInput
                  label={m.weightLabel}
                  description={suggestion !== null && latest ? m.weightHint(formatQuantity(latest.average_kg)) : undefined}
                  withAsterisk
                  inputMode="decimal"
                  autoComplete="off"
                  value={totalText}
                  onChange={(event) => set('total', event.currentTarget.value.replace(/[^\d.,]/g, '').slice(0, 16), 'total_kg', 'unit_price')}
                  error={errors.total_kg}
                  data-autofocus
                />
                <SimpleGrid cols={2} spacing="sm">
                  <TextInput
                    label={m.priceLabel}
                    withAsterisk
                    inputMode="decimal"
                    autoComplete="off"
                    placeholder="0.00"
                    value={values.price}
                    onChange={(event) => set('price', event.currentTarget.value.replace(/[^\d.,]/g, '').slice(0, 16), 'unit_price')}
                    error={errors.unit_price}
                  />
                  <TextInput
                    label={saleDialogWords.amount}
                    value={amount?.ok ? formatKes(amount.cents) : ''}
                    placeholder="—"
                    readOnly
                    variant="filled"
                    aria-live="polite"
                  />
                </SimpleGrid>
              </>
            ) : null}
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
            />
            <TextInput
              label={m.buyerLabel}
              autoComplete="off"
              maxLength={SALE_DESCRIPTION_MAX}
              value={values.buyer}
              onChange={(event) => set('buyer', event.currentTarget.value, 'description')}
              error={errors.description}
            />
            <OnlineFormFooter formError={formError} online={online} pending={pending} onCancel={dismiss} cancelLabel={m.cancel} submitLabel={pending ? m.closing : m.confirm} />
          </Stack>
        </form>
      )}
    </Modal>
  );
}

interface Figure {
  label: string;
  value: string;
  /** A profit shows in the farm's green, a loss in the error colour. */
  tone?: 'profit' | 'loss';
}

/** The batch's figures over its life as the server computed them, the money ones for the roles that see money. */
function figuresOf(answer: CloseBatchAnswer, money: boolean): Figure[] {
  const b = answer.economics.broilers;
  const figures: Figure[] = [
    { label: m.birdsPlaced, value: formatCount(answer.flock.initial_bird_count) },
    { label: m.birdsSold, value: formatCount(answer.sale?.birds ?? 0) },
    { label: w.mortality, value: shown(b?.mortality_percent, (value) => w.percent(value.toFixed(1))) },
    { label: w.feedConversion, value: shown(b?.feed_conversion_ratio, formatQuantity) },
  ];
  if (!money || !b) return figures;
  const profit = b.profit_cents;
  const sales = b.sales_cents;
  return [
    ...figures,
    { label: w.costPerKg, value: shown(b.cost_per_kg_cents, formatKes) },
    { label: w.revenuePerKg, value: shown(b.revenue_per_kg_cents, formatKes) },
    { label: m.sales, value: shown(sales, formatKes) },
    // Profit is sales less feed and other costs: the costs are what lies between them.
    { label: m.costs, value: shown(profit === null ? null : sales - profit, formatKes) },
    profit !== null && profit < 0
      ? { label: m.loss, value: formatKes(-profit), tone: 'loss' }
      : { label: m.profit, value: shown(profit, formatKes), tone: profit === null ? undefined : 'profit' },
  ];
}

function BatchResult({ answer, onDone }: { answer: CloseBatchAnswer; onDone: () => void }) {
  const money = useSeesMoney();
  return (
    <Stack gap="md">
      <Alert color="kuku" role="status" p="xs">
        {m.closed(answer.flock.name)}
      </Alert>
      <SimpleGrid component="dl" cols={{ base: 2, sm: 3 }} spacing="sm" verticalSpacing="sm" m={0}>
        {figuresOf(answer, money).map((figure) => (
          <div key={figure.label}>
            <Text component="dt" fz="sm" c="dimmed" lh={1.3}>
              {figure.label}
            </Text>
            <Text component="dd" m={0} fw={700} fz="lg" c={figure.tone === 'loss' ? 'var(--mantine-color-error)' : figure.tone === 'profit' ? 'kuku' : undefined}>
              {figure.value}
            </Text>
          </div>
        ))}
      </SimpleGrid>
      <Group justify="flex-end">
        <Button onClick={onDone} data-autofocus>
          {m.done}
        </Button>
      </Group>
    </Stack>
  );
}

export default CloseBatchModal;
