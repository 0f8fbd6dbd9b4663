import { lazy } from 'react';
import { OutboxStatus } from '../../outbox/outbox-status';
import type { WaitingEditForms } from '../../outbox/waiting-edit';

/**
 * The form of each kind of record a phone keeps, to correct one before it is sent: each loads when
 * the farmer taps 'Edit' in the list of records on the phone.
 */
export const waitingEditForms: WaitingEditForms = {
  egg_production: lazy(() => import('../../features/eggs/components/waiting-edits').then((m) => ({ default: m.WaitingProduction }))),
  egg_adjustment: lazy(() => import('../../features/eggs/components/waiting-edits').then((m) => ({ default: m.WaitingAdjustment }))),
  sale: lazy(() => import('../../features/sales/components/waiting-sale').then((m) => ({ default: m.WaitingSale }))),
  expense: lazy(() => import('../../features/expenses/components/waiting-expense').then((m) => ({ default: m.WaitingExpense }))),
  stock_removal: lazy(() => import('../../features/inventory/components/waiting-removal').then((m) => ({ default: m.WaitingRemoval }))),
  bird_count_change: lazy(() => import('../../features/flocks/components/waiting-bird-count').then((m) => ({ default: m.WaitingBirdCount }))),
  vaccination: lazy(() => import('../../features/vaccinations/components/waiting-vaccination').then((m) => ({ default: m.WaitingVaccination }))),
};

/** The header's list of records on the phone, with the forms to correct them (loaded after the first screen). */
export function OutboxWithForms({ farm }: { farm: { id: number; time_zone: string } }) {
  return <OutboxStatus farm={farm} editForms={waitingEditForms} />;
}
