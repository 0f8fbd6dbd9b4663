import { Alert, Button, Group, Loader, Modal, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  budgetPeriodLabel,
  centsToAmountText,
  centsToShillings,
  createBudgetSchema,
  expenseMessages as m,
  formatKes,
  maxBudgetYear,
  MIN_BUDGET_YEAR,
  MONTH_NAMES,
  updateBudgetSchema,
  type Budget,
  type BudgetBody,
  type Flock,
} from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { editableBudgetsQuery, useCreateBudget, useDeleteBudget, useUpdateBudget } from '../api';
import type { ExpenseNotices } from './expense-toasts';

/** A budget's flock, month and year: what names it (one per flock, month and year). */
export interface BudgetKey {
  flock_id: number;
  month: number;
  year: number;
}

type AddField = keyof BudgetBody;
type AddErrors = Partial<Record<AddField, string>>;
const ADD_FIELDS: readonly AddField[] = ['flock_id', 'amount', 'month', 'year'];

export interface BudgetValues {
  flockId: string;
  /** Shillings as typed. */
  amount: string;
  /** '1' to '12'. */
  month: string;
  year: string;
}

const usePhone = () => useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;

/** Only digits: the amount keeps a decimal point and commas, a year four digits. */
const amountInput = (text: string) => text.replace(/[^\d.,]/g, '').slice(0, 16);

/**
 * docs/product.md §5 Budget add: a flock ('Please select a flock.'), an amount not empty and not negative
 * ('Enter a valid amount.'), a month and a year from 2023; the server also refuses a year past
 * next year (maxBudgetYear), said here first.
 */
export function validateBudget(values: BudgetValues, today: string): { body?: BudgetBody; errors: AddErrors } {
  const errors: AddErrors = {};
  const parsed = createBudgetSchema.safeParse({
    flock_id: values.flockId === '' ? undefined : values.flockId,
    amount: values.amount.trim() === '' ? undefined : values.amount,
    month: values.month,
    year: values.year,
  });
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AddField | undefined;
      if (field && ADD_FIELDS.includes(field) && errors[field] === undefined) errors[field] = issue.message;
    }
  }
  const year = Number(values.year);
  if (errors.year === undefined && values.year !== '' && year > maxBudgetYear(today)) errors.year = m.yearTooFar;
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  const budget = parsed.data;
  return { errors, body: { flock_id: budget.flock_id, amount: centsToShillings(budget.amount), month: budget.month, year: budget.year } };
}

const MONTH_OPTIONS = () => MONTH_NAMES.map((name, index) => ({ value: String(index + 1), label: name }));

interface BudgetAddModalProps {
  opened: boolean;
  onClose: () => void;
  flocks: Flock[];
  /** 'Edit Budget' from the warning that the budget exists: the edit form, on that budget. */
  onEditExisting: (key: BudgetKey) => void;
  /** The farm's today, 'YYYY-MM-DD': the month and year the form starts on. */
  today: string;
  notices: ExpenseNotices;
}

/** docs/product.md §2 'Add new Budget': one budget per flock, month and year; a second is a warning (409). */
export function BudgetAddModal({ opened, onClose, flocks, onEditExisting, today, notices }: BudgetAddModalProps) {
  const create = useCreateBudget();
  const phone = usePhone();
  const [values, setValues] = useState<BudgetValues>(() => ({
    flockId: flocks.length === 1 && flocks[0] ? String(flocks[0].id) : '',
    amount: '',
    month: String(Number(today.slice(5, 7))),
    year: today.slice(0, 4),
  }));
  const [errors, setErrors] = useState<AddErrors>({});
  const [exists, setExists] = useState<BudgetKey | null>(null);

  if (values.flockId === '' && flocks.length === 1 && flocks[0]) {
    setValues((current) => ({ ...current, flockId: String(flocks[0]?.id) }));
  }

  const set = <K extends keyof BudgetValues>(key: K, value: string, field: AddField) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setExists(null);
  };

  const close = () => {
    if (!create.isPending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const checked = validateBudget(values, today);
    setErrors(checked.errors);
    setExists(null);
    const body = checked.body;
    if (!body) return;
    create.mutate(body, {
      onSuccess: (saved) => {
        onClose();
        notices.budgetSaved(m.budgetAdded, saved);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setExists({ flock_id: body.flock_id, month: body.month, year: body.year });
          return;
        }
        if (error instanceof ApiError && Object.keys(error.fields).length > 0) {
          const known = Object.fromEntries(Object.entries(error.fields).filter(([field]) => ADD_FIELDS.includes(field as AddField)));
          if (Object.keys(known).length > 0) {
            setErrors(known);
            return;
          }
        }
        notices.failed(m.failedToAddBudget, error);
      },
    });
  };

  return (
    <Modal opened={opened} onClose={close} title={m.addBudget} size="lg" fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          {flocks.length === 0 ? (
            <Alert color="blue" role="status">
              {m.noFlocks}
            </Alert>
          ) : null}
          <NativeSelect
            label={m.flockLabel}
            withAsterisk
            data={[{ value: '', label: m.flockPlaceholder, disabled: true }, ...flocks.map((f) => ({ value: String(f.id), label: f.name }))]}
            value={values.flockId}
            onChange={(event) => set('flockId', event.currentTarget.value, 'flock_id')}
            error={errors.flock_id}
          />
          <TextInput
            label={m.budgetAmountLabel}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={values.amount}
            onChange={(event) => set('amount', amountInput(event.currentTarget.value), 'amount')}
            error={errors.amount}
          />
          <Group grow align="flex-start" gap="sm" wrap="nowrap">
            <NativeSelect
              label={m.monthLabel}
              withAsterisk
              data={[{ value: '', label: m.monthPlaceholder, disabled: true }, ...MONTH_OPTIONS()]}
              value={values.month}
              onChange={(event) => set('month', event.currentTarget.value, 'month')}
              error={errors.month}
            />
            <TextInput
              label={m.yearLabel}
              withAsterisk
              inputMode="numeric"
              autoComplete="off"
              placeholder={String(MIN_BUDGET_YEAR)}
              maxLength={4}
              value={values.year}
              onChange={(event) => set('year', event.currentTarget.value.replace(/\D/g, '').slice(0, 4), 'year')}
              error={errors.year}
            />
          </Group>
          {exists ? (
            <Alert color="yellow" role="alert">
              <Stack gap="xs" align="flex-start">
                <Text fz="sm">{m.budgetExists}</Text>
                <Button size="xs" variant="default" onClick={() => onEditExisting(exists)}>
                  {m.editBudget}
                </Button>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={create.isPending}>
              {m.cancel}
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? m.saving : m.saveBudget}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

type EditField = 'budget' | 'amount';

/** docs/product.md §5 Budget edit: a budget chosen ('Please select a budget.') and an amount not empty and not negative. */
export function validateBudgetEdit(budget: Budget | undefined, amount: string): { input?: { amount: number; flock_id: number }; errors: Partial<Record<EditField, string>> } {
  const errors: Partial<Record<EditField, string>> = {};
  if (!budget) errors.budget = m.selectBudget;
  const parsed = updateBudgetSchema.safeParse({ amount: amount.trim() === '' ? undefined : amount, flock_id: budget?.flock_id });
  if (!parsed.success) {
    const issue = parsed.error.issues.find((i) => i.path[0] === 'amount');
    if (issue) errors.amount = issue.message;
  }
  if (!budget || !parsed.success || Object.keys(errors).length > 0) return { errors };
  return { errors, input: { amount: centsToShillings(parsed.data.amount), flock_id: budget.flock_id } };
}

const budgetOption = (b: Budget) => `${b.flock_name} · ${budgetPeriodLabel(b.month, b.year)} · ${formatKes(b.amount_cents)}`;

interface BudgetEditModalProps {
  opened: boolean;
  onClose: () => void;
  /** The budget to start on (from the add form's warning). */
  initial?: BudgetKey | null;
  /** No budget to edit: the add form instead. */
  onAdd: () => void;
  notices: ExpenseNotices;
}

/**
 * docs/product.md §2 'Edit Budget': a budget of the past month up to now (GET /api/budget?editable=true),
 * its new amount (PUT /api/budget/{month}/{year} with its flock), or its deletion after the question.
 */
export function BudgetEditModal({ opened, onClose, initial, onAdd, notices }: BudgetEditModalProps) {
  const budgets = useQuery(editableBudgetsQuery());
  const update = useUpdateBudget();
  const remove = useDeleteBudget();
  const phone = usePhone();
  const pending = update.isPending || remove.isPending;
  const items = budgets.data;

  const [selectedId, setSelectedId] = useState<string>('');
  const [amount, setAmount] = useState('');
  const [errors, setErrors] = useState<Partial<Record<EditField, string>>>({});
  const [confirming, setConfirming] = useState(false);
  const [started, setStarted] = useState(false);

  const choose = (budget: Budget | undefined) => {
    setSelectedId(budget ? String(budget.id) : '');
    setAmount(budget ? centsToAmountText(budget.amount_cents) : '');
    setErrors({});
    setConfirming(false);
  };

  // Once the budgets are in: the one asked for, or the only one, is chosen.
  if (items && !started) {
    setStarted(true);
    const wanted = initial
      ? items.find((b) => b.flock_id === initial.flock_id && b.month === initial.month && b.year === initial.year)
      : items.length === 1
        ? items[0]
        : undefined;
    if (wanted) choose(wanted);
  }

  const selected = items?.find((b) => String(b.id) === selectedId);

  const close = () => {
    if (!pending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const checked = validateBudgetEdit(selected, amount);
    setErrors(checked.errors);
    if (!checked.input || !selected) return;
    update.mutate(
      { month: selected.month, year: selected.year, input: checked.input },
      {
        onSuccess: (saved) => {
          onClose();
          notices.budgetSaved(m.budgetUpdated, saved);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fields.amount) {
            setErrors({ amount: error.fields.amount });
            return;
          }
          notices.failed(m.failedToUpdateBudget, error);
        },
      },
    );
  };

  const confirmDelete = () => {
    if (!selected || pending) return;
    const budget = selected;
    remove.mutate(budget.id, {
      onSuccess: () => {
        onClose();
        notices.budgetSaved(m.budgetDeleted, budget);
      },
      onError: (error) => {
        setConfirming(false);
        notices.failed(m.failedToDeleteBudget, error);
      },
    });
  };

  let body;
  if (!items) {
    body = budgets.isError ? (
      <Text c="red" role="alert">
        {m.budgetsFailed}
      </Text>
    ) : (
      <Group justify="center" py="lg">
        <Loader size="sm" aria-label={m.budgetsLoading} />
      </Group>
    );
  } else if (items.length === 0) {
    body = (
      <Stack gap="sm" align="flex-start">
        <Text>{m.noEditableBudgets}</Text>
        <Button onClick={onAdd}>{m.addNewBudget}</Button>
      </Stack>
    );
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <NativeSelect
            label={m.budgetLabel}
            description={m.editWindowNote}
            withAsterisk
            data={[{ value: '', label: m.budgetPlaceholder, disabled: true }, ...items.map((b) => ({ value: String(b.id), label: budgetOption(b) }))]}
            value={selectedId}
            onChange={(event) => choose(items.find((b) => String(b.id) === event.currentTarget.value))}
            error={errors.budget}
          />
          <TextInput
            label={m.budgetAmountLabel}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            value={amount}
            onChange={(event) => {
              setAmount(amountInput(event.currentTarget.value));
              setErrors((current) => ({ ...current, amount: undefined }));
            }}
            error={errors.amount}
          />
          {confirming && selected ? (
            <Alert color="red" role="alert">
              <Stack gap="xs">
                <Text fz="sm">
                  {budgetOption(selected)}. {m.confirmDeleteBudget}
                </Text>
                <Group justify="flex-end" gap="sm">
                  <Button size="xs" variant="default" onClick={() => setConfirming(false)} disabled={remove.isPending}>
                    {m.cancel}
                  </Button>
                  <Button size="xs" color="red" onClick={confirmDelete} loading={remove.isPending}>
                    {m.delete}
                  </Button>
                </Group>
              </Stack>
            </Alert>
          ) : null}
          <Group justify="space-between" gap="sm">
            <Button variant="subtle" color="red" onClick={() => setConfirming(true)} disabled={!selected || pending || confirming}>
              {m.deleteBudget}
            </Button>
            <Group gap="sm" ml="auto">
              <Button variant="default" onClick={close} disabled={pending}>
                {m.cancel}
              </Button>
              <Button type="submit" disabled={pending}>
                {update.isPending ? m.updating : m.updateBudget}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Modal opened={opened} onClose={close} title={m.editBudget} size="lg" fullScreen={phone} centered>
      {body}
    </Modal>
  );
}
