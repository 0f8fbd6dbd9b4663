import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { centsToAmountText, financeMessages as m, setFlockBudgetSchema, type FlockFinance } from '@kuku/domain';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useClearFlockBudget, useSetFlockBudget } from '../budget-api';

/** Digits, a decimal point and commas: what an amount in shillings is typed with. */
const amountInput = (text: string) => text.replace(/[^\d.,]/g, '').slice(0, 16);

/** The same schema the server runs (docs/style.md rule 9): the budget's message, or none. */
export function budgetError(flockId: number, year: number, amount: string): string | undefined {
  if (amount.trim() === '') return m.budgetRequired;
  const parsed = setFlockBudgetSchema.safeParse({ flock_id: flockId, year, budget: amount.trim() });
  return parsed.success ? undefined : parsed.error.issues[0]?.message;
}

/** A failure's words: the client's, with the server's reason after them when it gave another one. */
function failure(message: string, error: unknown): string {
  return error instanceof ApiError && error.message && error.message !== message ? `${message} ${error.message}` : message;
}

interface BudgetModalProps {
  opened: boolean;
  onClose: () => void;
  flock: FlockFinance;
  year: number;
}

/** 'Set yearly budget' / 'Edit yearly budget' of a flock (PUT /api/flock-financial/), and its clearing (DELETE). */
export function BudgetModal({ opened, onClose, flock, year }: BudgetModalProps) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false }) ?? false;
  const save = useSetFlockBudget();
  const clear = useClearFlockBudget();
  const pending = save.isPending || clear.isPending;
  const editing = flock.yearly_budget_cents !== null;
  const [amount, setAmount] = useState(() => (flock.yearly_budget_cents === null ? '' : centsToAmountText(flock.yearly_budget_cents)));
  const [error, setError] = useState<string | undefined>();

  const close = () => {
    if (!pending) onClose();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (pending) return;
    const message = budgetError(flock.flock_id, year, amount);
    setError(message);
    if (message) return;
    save.mutate(
      { flock_id: flock.flock_id, year, budget: amount.trim() },
      {
        onSuccess: () => {
          onClose();
          showSuccessToast(`${m.budgetOf(flock.flock_name, year)}: ${m.budgetSaved}`);
        },
        onError: (err) => {
          // A 400 says what is wrong with the amount: on the field.
          if (err instanceof ApiError && err.fields.budget) {
            setError(err.fields.budget);
            return;
          }
          showErrorToast(failure(m.budgetSaveFailed, err));
        },
      },
    );
  };

  const clearBudget = () => {
    if (pending) return;
    clear.mutate(
      { flockId: flock.flock_id, year },
      {
        onSuccess: () => {
          onClose();
          showSuccessToast(`${m.budgetOf(flock.flock_name, year)}: ${m.budgetCleared}`);
        },
        onError: (err) => showErrorToast(failure(m.budgetClearFailed, err)),
      },
    );
  };

  return (
    <Modal opened={opened} onClose={close} title={editing ? m.editBudget : m.setBudget} fullScreen={phone} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text fz="sm" c="dimmed">
            {m.budgetOf(flock.flock_name, year)}
          </Text>
          <TextInput
            label={m.budgetAmountLabel}
            withAsterisk
            inputMode="decimal"
            autoComplete="off"
            placeholder="0.00"
            data-autofocus
            value={amount}
            onChange={(event) => {
              setAmount(amountInput(event.currentTarget.value));
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="space-between" gap="sm">
            {editing ? (
              <Button variant="subtle" color="red" onClick={clearBudget} disabled={pending}>
                {clear.isPending ? m.clearing : m.clearBudget}
              </Button>
            ) : null}
            <Group gap="sm" ml="auto">
              <Button variant="default" onClick={close} disabled={pending}>
                {m.cancel}
              </Button>
              <Button type="submit" disabled={pending}>
                {save.isPending ? m.saving : m.saveBudget}
              </Button>
            </Group>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
