import { Alert, Anchor, Button, Group, Modal, NativeSelect, Stack, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  centsToAmountText,
  centsToShillings,
  createExpenseSchema,
  EXPENSE_CATEGORIES,
  EXPENSE_CATEGORY_LABELS,
  EXPENSE_DESCRIPTION_MAX,
  expenseDateWindow,
  expenseMessages as m,
  isExpenseDateAllowed,
  type Expense,
  type ExpenseBody,
  type ExpenseCategory,
  type Flock,
} from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { preferredFlock, rememberFlock } from '../../../lib/last-flock';
import { useCreateExpense, useUpdateExpense } from '../api';
import type { ExpenseNotices } from './expense-toasts';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';
import { isKeptToChoose } from '../../../outbox/kept-to-choose';
import type { Waiting } from '../../../outbox/waiting-edit';

/** docs/product.md §5: the date is sent as noon UTC of the chosen day, so no zone moves it to another day. */
export function noonUtc(day: string): string {
  return `${day}T12:00:00.000Z`;
}

export type ExpenseField = keyof ExpenseBody;
type FieldErrors = Partial<Record<ExpenseField, string>>;
const FIELDS: readonly ExpenseField[] = ['flock_id', 'date', 'description', 'amount', 'category'];

/** What the form holds: the texts typed and the options picked. */
export interface ExpenseValues {
  flockId: string;
  /** 'YYYY-MM-DD' as the date input gives it. */
  date: string;
  description: string;
  /** Shillings as typed: '3500', '1,250.50'. */
  amount: string;
  category: ExpenseCategory | '';
}

/**
 * docs/product.md §5 Expense add: flock, date, description and category required and the amount above 0,
 * checked by the schema the server runs again; then the date window (six months back to today)
 * in the farm's zone. The first message a field gets is shown. The date goes as noon UTC.
 */
export function validateExpense(values: ExpenseValues, today: string, checkDate: boolean): { body?: ExpenseBody; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const parsed = createExpenseSchema.safeParse({
    flock_id: values.flockId === '' ? undefined : values.flockId,
    date: values.date,
    description: values.description,
    amount: values.amount.trim() === '' ? undefined : values.amount,
    category: values.category === '' ? undefined : values.category,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as ExpenseField | undefined;
      if (field && FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  if (checkDate && errors.date === undefined && values.date !== '' && !isExpenseDateAllowed(values.date, today)) {
    errors.date = m.dateOutsideWindow;
  }
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  const expense = parsed.data;
  return {
    errors,
    body: {
      flock_id: expense.flock_id,
      date: noonUtc(values.date),
      description: expense.description,
      amount: centsToShillings(expense.amount),
      category: expense.category,
    },
  };
}

function initialValues(
  expense: Expense | null | undefined,
  waiting: Waiting<ExpenseBody> | undefined,
  flocks: Flock[],
  today: string,
  userId: number | undefined,
): ExpenseValues {
  if (waiting && !expense) {
    const saved = waiting.body;
    return { flockId: String(saved.flock_id), date: saved.date.slice(0, 10), description: saved.description, amount: String(saved.amount), category: saved.category };
  }
  if (expense) {
    return {
      flockId: String(expense.flock_id),
      date: expense.date.slice(0, 10),
      description: expense.description,
      amount: centsToAmountText(expense.amount_cents),
      category: expense.category,
    };
  }
  return { flockId: preferredFlock(userId, flocks), date: today, description: '', amount: '', category: '' };
}

interface ExpenseModalProps {
  opened: boolean;
  onClose: () => void;
  /** The farm's flocks, for the selector. */
  flocks: Flock[];
  /** The expense to edit; a new one without it. */
  expense?: Expense | null;
  /** The farm's today, 'YYYY-MM-DD': the latest day allowed, and the window's end. */
  today: string;
  notices: ExpenseNotices;
  /** A new expense still on the phone, opened to correct it: its save replaces it there. */
  waiting?: Waiting<ExpenseBody> | undefined;
}

/** docs/product.md §2 and §5: the new-expense and edit-expense dialog. An edit keeps the flock (the product's PUT payload has none). */
export function ExpenseModal({ opened, onClose, flocks, expense, today, notices, waiting }: ExpenseModalProps) {
  const editing = Boolean(expense);
  const dateWindow = expenseDateWindow(today);
  const create = useCreateExpense(waiting?.id);
  const update = useUpdateExpense();
  const pending = create.isPending || update.isPending;
  // Phones get the whole screen: the keypad needs the room.
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;

  const userId = useCurrentUser()?.id;
  const [values, setValues] = useState<ExpenseValues>(() => initialValues(expense, waiting, flocks, today, userId));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [invalid, setInvalid] = useState(false);
  const [formNote, setFormNote] = useState<string | null>(null);

  // Flocks arriving after the form opened: a farm of one flock gets it chosen.
  if (!expense && values.flockId === '' && flocks.length === 1 && flocks[0]) {
    setValues((current) => ({ ...current, flockId: String(flocks[0]?.id) }));
  }

  const set = <K extends keyof ExpenseValues>(key: K, value: ExpenseValues[K], field: ExpenseField) => {
    setValues((current) => ({ ...current, [key]: value }));
    setFormNote(null);
    setInvalid(false);
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const close = () => {
    if (pending) return;
    onClose();
  };

  const failed = (error: unknown, message: string, title: string) => {
    if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
      const known = Object.fromEntries(Object.entries(error.fields).filter(([field]) => FIELDS.includes(field as ExpenseField)));
      if (Object.keys(known).length > 0) {
        setErrors(known);
        return;
      }
    }
    notices.failed(message, error, title);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    // An edit that keeps its old date is not held to today's window (the server checks a changed date only).
    const checkDate = !expense || values.date !== expense.date.slice(0, 10);
    const checked = validateExpense(values, today, checkDate);
    setErrors(checked.errors);
    setInvalid(!checked.body);
    if (!checked.body) return;
    const body = checked.body;
    if (expense) {
      const unchanged =
        values.date === expense.date.slice(0, 10) &&
        body.description === expense.description &&
        Math.round(Number(body.amount) * 100) === expense.amount_cents &&
        body.category === expense.category;
      if (unchanged) {
        setFormNote(m.nothingToUpdate);
        return;
      }
      // The product's PUT payload: date, description and amount; the category with them.
      const input = { date: body.date, description: body.description, amount: body.amount, category: body.category };
      update.mutate(
        { record: expense, input },
        {
          onSuccess: (saved) => {
            onClose();
            if (saved) notices.expenseSaved(m.updated, saved);
            else showSavedOnPhone();
          },
          // Changed on another phone since: the list of records on the phone asks which to keep.
          onError: (error) => (isKeptToChoose(error) ? onClose() : failed(error, m.errorUpdating, m.errorUpdatingTitle)),
        },
      );
      return;
    }
    create.mutate(body, {
      onSuccess: (saved) => {
        rememberFlock(userId, body.flock_id);
        onClose();
        if (saved) notices.expenseSaved(waiting ? m.updated : m.added, saved);
        else showSavedOnPhone();
      },
      onError: (error) => failed(error, m.failedToAdd, m.errorTitle),
    });
  };

  const title = editing || waiting ? m.editExpense : m.newExpense;
  const submitLabel = editing || waiting ? (pending ? m.updating : m.updateExpense) : pending ? m.saving : m.saveExpense;

  return (
    <Modal opened={opened} onClose={close} title={title} size="lg" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {!editing && flocks.length === 0 ? (
            <Alert color="blue" role="status">
              {m.noFlocks}{' '}
              <Anchor component={Link} to={paths.flocks.getHref()} fw={600}>
                {m.addFlock}
              </Anchor>
            </Alert>
          ) : null}
          <NativeSelect
            label={m.flockLabel}
            withAsterisk
            data={[
              { value: '', label: m.flockPlaceholder, disabled: true },
              ...flocks.map((f) => ({ value: String(f.id), label: f.name })),
              // An edited expense's flock may be missing from the options (archived, not yet loaded).
              ...(expense && !flocks.some((f) => f.id === expense.flock_id) ? [{ value: String(expense.flock_id), label: expense.flock_name }] : []),
            ]}
            value={values.flockId}
            // The product's edit changes date, description and amount: the flock stays.
            disabled={editing}
            onChange={(event) => set('flockId', event.currentTarget.value, 'flock_id')}
            error={errors.flock_id}
          />
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
          <TextInput
            label={m.descriptionLabel}
            withAsterisk
            placeholder={m.descriptionPlaceholder}
            maxLength={EXPENSE_DESCRIPTION_MAX}
            value={values.description}
            onChange={(event) => set('description', event.currentTarget.value, 'description')}
            error={errors.description}
          />
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label={m.amountLabel}
              withAsterisk
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              value={values.amount}
              onChange={(event) => set('amount', event.currentTarget.value.replace(/[^\d.,]/g, '').slice(0, 16), 'amount')}
              error={errors.amount}
            />
            <NativeSelect
              label={m.categoryLabel}
              withAsterisk
              data={[{ value: '', label: m.categoryPlaceholder, disabled: true }, ...EXPENSE_CATEGORIES.map((value) => ({ value, label: EXPENSE_CATEGORY_LABELS[value] }))]}
              value={values.category}
              onChange={(event) => set('category', event.currentTarget.value as ExpenseCategory, 'category')}
              error={errors.category}
            />
          </Group>
          {invalid ? (
            <Alert color="red" role="alert" title={m.formInvalid} p="xs" />
          ) : null}
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

export default ExpenseModal;
