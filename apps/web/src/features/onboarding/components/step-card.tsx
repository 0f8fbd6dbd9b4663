import { Button, Checkbox } from '@mantine/core';
import { onboardingMessages as m, type OnboardingStepId, type SetupStep } from '@kuku/domain';
import { IconArrowRight, IconPhoto } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCanOpen } from '../../../lib/use-can';
import { placeIcons } from '../../../ui/place-icons';
import classes from './onboarding.module.css';

// docs/product.md §3 Setup step's icon: the same as the step's screen in the navigation.
const icons: Record<OnboardingStepId, (typeof placeIcons)[keyof typeof placeIcons]> = {
  flocks: placeIcons.flocks,
  eggs: placeIcons.eggs,
  sales: placeIcons.sales,
  expenses: placeIcons.expenses,
  inventory: placeIcons.inventory,
  reports: placeIcons.finances,
};

interface StepCardProps {
  step: SetupStep;
  index: number;
  /** Ticked by the user (local storage). */
  ticked: boolean;
  /** Completed by the farm's records: done whatever the tick says. */
  byData: boolean;
  onTick: (ticked: boolean) => void;
  onViewScreenshots: () => void;
  /** The pointer or focus heads for 'View screenshots': load the viewer's code. */
  onViewIntent: () => void;
}

/** One Getting Started step (docs/product.md §2): what to do, where, pictures of it, and whether it is done. */
export function StepCard({ step, index, ticked, byData, onTick, onViewScreenshots, onViewIntent }: StepCardProps) {
  const Icon = icons[step.id];
  const done = ticked || byData;
  const titleId = `onboarding-step-${step.id}`;
  // A step's screen the role may not open (docs/design.md §6) gets no link; its pictures still show the way.
  const canOpen = useCanOpen();
  return (
    <article className={classes.step} data-done={done || undefined} aria-labelledby={titleId}>
      {done ? <span className={classes.ribbon}>{m.done}</span> : null}
      <div className={classes.stepHead}>
        <span className={classes.icon} data-step={step.id} aria-hidden>
          <Icon size={22} />
        </span>
        <span className={classes.stepNumber}>{m.stepOf(index + 1)}</span>
      </div>
      <h3 className={classes.stepTitle} id={titleId}>
        {step.title}
      </h3>
      <p className={classes.stepText}>{step.description}</p>
      <div className={classes.stepActions}>
        {canOpen(step.ctaLink) ? (
          <Button component={Link} to={step.ctaLink} rightSection={<IconArrowRight size={16} aria-hidden />}>
            {step.ctaText}
          </Button>
        ) : null}
        <Button
          variant="subtle"
          leftSection={<IconPhoto size={16} aria-hidden />}
          aria-label={m.viewScreenshotsOf(step.title)}
          onClick={onViewScreenshots}
          onPointerEnter={onViewIntent}
          onFocus={onViewIntent}
        >
          {m.viewScreenshots}
        </Button>
      </div>
      <Checkbox
        className={classes.check}
        label={m.markedAsDone}
        checked={done}
        // Completed by the farm's records: nothing to untick, and the note says why.
        disabled={byData}
        description={byData ? step.doneByData : undefined}
        onChange={(event) => onTick(event.currentTarget.checked)}
      />
    </article>
  );
}
