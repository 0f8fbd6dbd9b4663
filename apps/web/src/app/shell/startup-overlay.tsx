import { headerWords as m } from '@kuku/domain';
import { Loader } from '@mantine/core';
import { useEffect, useState } from 'react';
import classes from './startup-overlay.module.css';

export type StartupStep = () => Promise<unknown>;

/** docs/product.md §4 Start-up: the stores load one after another; progress is the share completed. */
export function useStartup(steps: readonly StartupStep[]): { percent: number; done: boolean } {
  const [completed, setCompleted] = useState(0);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      for (const [index, step] of steps.entries()) {
        try {
          await step();
        } catch (error) {
          // docs/product.md §8: a start-up store failure is logged only, with no message to the user.
          console.warn('Start-up step failed', error);
        }
        if (cancelled) return;
        setCompleted(index + 1);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [steps]);
  const total = steps.length;
  return { percent: total === 0 ? 100 : Math.round((completed / total) * 100), done: completed >= total };
}

interface StartupOverlayProps {
  steps: readonly StartupStep[];
}

/**
 * docs/product.md §4's 'Loading Poultry Data...' with its percent, over the shell until the steps are
 * done. Plain elements rather than LoadingOverlay (a blur and enter/leave transitions that
 * rendered the overlay again after the data was in); gone, it renders nothing.
 */
export function StartupOverlay({ steps }: StartupOverlayProps) {
  const { percent, done } = useStartup(steps);
  if (done) return null;
  return (
    <div className={classes.overlay}>
      <div className={classes.panel} role="status" aria-live="polite">
        <Loader />
        <p className={classes.title}>{m.loadingData}</p>
        <div className={classes.track} role="progressbar" aria-label={m.loadingProgress} aria-valuenow={percent} aria-valuemin={0} aria-valuemax={100}>
          <div className={classes.bar} style={{ width: `${percent}%` }} />
        </div>
        <p className={classes.percent}>{percent}%</p>
      </div>
    </div>
  );
}
