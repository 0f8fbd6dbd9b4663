import { Button } from '@mantine/core';
import { onboardingMessages as m } from '@kuku/domain';
import { IconConfetti, IconRefresh } from '@tabler/icons-react';
import type { Ref } from 'react';
import classes from './onboarding.module.css';

interface SetupProgressProps {
  done: number;
  /** The rounded percent (docs/product.md §9). */
  percent: number;
  /** Some step is ticked by hand: reset has something to clear. */
  canReset: boolean;
  onReset: () => void;
  /** The congratulation, scrolled to when the last step is ticked. */
  congratsRef?: Ref<HTMLDivElement>;
}

/** docs/product.md §2: the progress bar with the percent; at 100% a congratulation and 'Reset Setup Progress'. */
export function SetupProgress({ done, percent, canReset, onReset, congratsRef }: SetupProgressProps) {
  return (
    <section className={classes.panel} aria-labelledby="onboarding-progress">
      <div className={classes.progressHead}>
        <h2 className={classes.heading} id="onboarding-progress">
          {m.progress}
        </h2>
        <span className={classes.percent}>{m.percentComplete(percent)}</span>
      </div>
      <div
        className={classes.bar}
        role="progressbar"
        aria-labelledby="onboarding-progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={m.percentComplete(percent)}
      >
        <div className={classes.fill} style={{ width: `${percent}%` }} />
      </div>
      {/* Said again as it changes: a tick far down the page is heard without looking for the bar. */}
      <p className={classes.count} aria-live="polite">
        {m.stepsDone(done)}
      </p>
      {percent === 100 ? (
        <>
          <div className={classes.congrats} ref={congratsRef}>
            <IconConfetti className={classes.congratsIcon} size={28} aria-hidden />
            <div>
              <h3 className={classes.congratsTitle}>{m.congratulations}</h3>
              <p className={classes.congratsText}>{m.congratulationsText}</p>
            </div>
          </div>
          <div className={classes.reset}>
            <Button variant="default" leftSection={<IconRefresh size={16} aria-hidden />} onClick={onReset} disabled={!canReset}>
              {m.reset}
            </Button>
            <p className={classes.note}>{m.resetNote}</p>
          </div>
        </>
      ) : null}
    </section>
  );
}
