import { Button } from '@mantine/core';
import { rescheduleMessages, vaccinationMessages as m, type Vaccination } from '@kuku/domain';
import { Suspense, useState } from 'react';
import { useCan } from '../../../lib/use-can';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { useUpdateVaccinationStatus } from '../api';
import { isKeptToChoose } from '../../../outbox/kept-to-choose';
import { showSavedOnPhone } from '../../../outbox/saved-on-phone';

// The dialog loads on first use, or when the pointer or focus heads for its button.
const RescheduleModal = lazyWithPreload(() => import('./reschedule-modal'), (mod) => mod.RescheduleModal);

/**
 * 'Done' and 'Reschedule' for a vaccination due or overdue (decision 054). Done is for one whose
 * time has come: a later one cannot be done yet (isFutureCompleted), only moved.
 */
export function DueActions({ vaccination }: { vaccination: Vaccination }) {
  const canWrite = useCan('vaccinations.write');
  const update = useUpdateVaccinationStatus();
  const [moving, setMoving] = useState(false);
  const [used, setUsed] = useState(false);
  if (moving && !used) setUsed(true);
  if (!canWrite) return null;
  // mutateAsync, not mutate's callbacks: the saved vaccination leaves the list it was tapped in,
  // and this component with it, before the callbacks would run.
  const done = () =>
    update.mutateAsync({ vaccination, status: 'Completed' }).then(
      (saved) => (saved ? showSuccessToast(rescheduleMessages.markedDone(vaccination.vaccine_name)) : showSavedOnPhone()),
      // Changed on another phone since: the list of records on the phone asks which to keep.
      (error: unknown) => (isKeptToChoose(error) ? undefined : showErrorToast(m.failedToUpdateStatus)),
    );
  return (
    <>
      {vaccination.due === 'overdue' ? (
        <Button size="compact-sm" onClick={() => void done()} loading={update.isPending} aria-label={rescheduleMessages.doneLabel(vaccination.vaccine_name, vaccination.flock_name)}>
          {rescheduleMessages.done}
        </Button>
      ) : null}
      <Button
        size="compact-sm"
        variant="default"
        onClick={() => setMoving(true)}
        onPointerEnter={RescheduleModal.preload}
        onFocus={RescheduleModal.preload}
        aria-label={rescheduleMessages.rescheduleFor(vaccination.vaccine_name, vaccination.flock_name)}
      >
        {rescheduleMessages.reschedule}
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <RescheduleModal opened={moving} vaccination={vaccination} onClose={() => setMoving(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
