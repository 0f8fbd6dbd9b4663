import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { dashboardMessages as m, trialDaysLeft, type User } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconArrowRight, IconRocket } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useFarmDates } from '../../../ui/date';
import { farmSetupStartedKey, writeMark } from '../trial-storage';
import classes from './trial-welcome.module.css';

interface TrialWelcomeModalProps {
  user: Pick<User, 'id' | 'trial_start_date' | 'trial_ends_at'>;
  opened: boolean;
  onClose: () => void;
  now?: Date;
}

const STEPS = 2;

/**
 * docs/product.md §4: step 1 shows the trial's dates and the days left, step 2 offers 'Start Farm Setup'
 * (recorded, then /onboarding). Its close button dismisses it at either step.
 */
export function TrialWelcomeModal({ user, opened, onClose, now = new Date() }: TrialWelcomeModalProps) {
  const [step, setStep] = useState(1);
  const dates = useFarmDates();
  const navigate = useNavigate();
  const daysLeft = trialDaysLeft(new Date(user.trial_ends_at), now);

  const startSetup = () => {
    writeMark(farmSetupStartedKey(user.id), 'true');
    onClose();
    void navigate(paths.onboarding.getHref());
  };

  return (
    <Modal opened={opened} onClose={onClose} title={m.trialTitle} centered size="md">
      <Stack gap="md">
        <Text fz="xs" c="dimmed" aria-live="polite">
          {m.trialStep(step, STEPS)}
        </Text>
        {step === 1 ? (
          <>
            <p className={classes.daysLeft}>{m.trialDaysLeft(daysLeft)}</p>
            <dl className={classes.dates}>
              <div>
                <dt>{m.trialStarted}</dt>
                <dd>{dates.date(user.trial_start_date)}</dd>
              </div>
              <div>
                <dt>{m.trialEnds}</dt>
                <dd>{dates.date(user.trial_ends_at)}</dd>
              </div>
            </dl>
            <Text fz="sm">{m.trialIntro}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {m.trialClose}
              </Button>
              <Button rightSection={<IconArrowRight size={18} aria-hidden />} onClick={() => setStep(2)}>
                {m.trialNext}
              </Button>
            </Group>
          </>
        ) : (
          <>
            <h3 className={classes.stepTitle}>{m.trialSetupTitle}</h3>
            <Text fz="sm">{m.trialSetupText}</Text>
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose}>
                {m.trialClose}
              </Button>
              <Button leftSection={<IconRocket size={18} aria-hidden />} onClick={startSetup}>
                {m.startFarmSetup}
              </Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

export default TrialWelcomeModal;
