import { useQuery } from '@tanstack/react-query';
import { waitingOf, type WaitingEditProps } from '../../../outbox/waiting-edit';
import { flockOptionsQuery } from '../../flocks/api';
import type { CreateVaccinationVariables } from '../api';
import { AddVaccinationModal } from './add-vaccination-modal';

/** A new vaccination still on the phone, in its form to correct it (its flock may change too). */
export function WaitingVaccination({ entry, onClose }: WaitingEditProps) {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  return <AddVaccinationModal opened onClose={onClose} flocks={flocks} waiting={waitingOf<CreateVaccinationVariables['input']>(entry)} />;
}
