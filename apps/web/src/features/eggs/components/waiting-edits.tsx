import type { EggAdjustmentBody, EggProduction, EggProductionBody } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { waitingOf, type WaitingEditProps } from '../../../outbox/waiting-edit';
import { flockOptionsQuery } from '../../flocks/api';
import { AdjustmentModal } from './adjustment-modal';
import { ProductionModal } from './production-modal';

/** An egg record still on the phone, in its form to correct it; one that met the day's record opens that one instead. */
export function WaitingProduction({ entry, onClose }: WaitingEditProps) {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  const [existing, setExisting] = useState<{ record: EggProduction; typedEggs: number | undefined } | null>(null);
  const openExisting = (record: EggProduction, typedEggs?: number) => setExisting({ record, typedEggs });
  if (existing) {
    return (
      <ProductionModal key={existing.record.id} opened onClose={onClose} flocks={flocks} record={existing.record} typedEggs={existing.typedEggs} onEditExisting={openExisting} />
    );
  }
  return <ProductionModal opened onClose={onClose} flocks={flocks} waiting={waitingOf<EggProductionBody>(entry)} onEditExisting={openExisting} />;
}

export function WaitingAdjustment({ entry, onClose }: WaitingEditProps) {
  const flocks = useQuery(flockOptionsQuery()).data ?? [];
  return <AdjustmentModal opened onClose={onClose} flocks={flocks} waiting={waitingOf<EggAdjustmentBody>(entry)} />;
}
