import type { SaleBody } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { waitingOf, type WaitingEditProps } from '../../../outbox/waiting-edit';
import { flockOptionsQuery } from '../../flocks/api';
import { SaleModal } from './sale-modal';

/** A new sale still on the phone, in its form to correct it. */
export function WaitingSale({ entry, onClose }: WaitingEditProps) {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  return <SaleModal opened onClose={onClose} flocks={flocks} waiting={waitingOf<SaleBody>(entry)} />;
}
