import type { ExpenseBody } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { waitingOf, type WaitingEditProps } from '../../../outbox/waiting-edit';
import { useFarmToday } from '../../../ui/farm-today';
import { flockOptionsQuery } from '../../flocks/api';
import { ExpenseModal } from './expense-modal';
import { expenseNotices } from './expense-toasts';

/** A new expense still on the phone, in its form to correct it. */
export function WaitingExpense({ entry, onClose }: WaitingEditProps) {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  const today = useFarmToday();
  return <ExpenseModal opened onClose={onClose} flocks={flocks} today={today} notices={expenseNotices} waiting={waitingOf<ExpenseBody>(entry)} />;
}
