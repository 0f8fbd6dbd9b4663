import { Button, Modal } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { onboardingMessages as m, SETUP_SCREENSHOT_HEIGHT, SETUP_SCREENSHOT_WIDTH, type SetupStep } from '@kuku/domain';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import classes from './screenshots-viewer.module.css';

interface ScreenshotsViewerProps {
  step: SetupStep;
  opened: boolean;
  onClose: () => void;
}

/** Where the screenshots are served from (`apps/web/public/onboarding/`, decision 037). */
export const screenshotUrl = (file: string) => `/onboarding/${file}`;

/**
 * docs/product.md §2's screenshots viewer: a step's pictures one at a time, with next, previous, close and
 * Esc (the dialog's own); the arrow keys turn the pictures too. Past the last it starts again.
 */
export function ScreenshotsViewer({ step, opened, onClose }: ScreenshotsViewerProps) {
  const phone = useMediaQuery('(max-width: 36em)', undefined, { getInitialValueInEffect: false });
  const [index, setIndex] = useState(0);
  const shots = step.screenshots;
  const shot = shots[index];
  const go = (delta: number) => setIndex((i) => (i + delta + shots.length) % shots.length);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={m.screenshotsOf(step.title)}
      centered
      fullScreen={phone}
      size="auto"
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(1);
        else if (event.key === 'ArrowLeft') go(-1);
      }}
    >
      {shot ? (
        <figure className={classes.figure}>
          <img
            key={shot.file}
            className={classes.shot}
            src={screenshotUrl(shot.file)}
            width={SETUP_SCREENSHOT_WIDTH}
            height={SETUP_SCREENSHOT_HEIGHT}
            loading="lazy"
            alt={m.screenshotAlt(step.title)}
          />
          <figcaption className={classes.caption}>{shot.caption}</figcaption>
        </figure>
      ) : null}
      <div className={classes.controls}>
        <Button variant="default" leftSection={<IconChevronLeft size={16} aria-hidden />} onClick={() => go(-1)}>
          {m.previous}
        </Button>
        <span className={classes.count} aria-live="polite">
          {m.screenshotCount(index, shots.length)}
        </span>
        <Button variant="default" rightSection={<IconChevronRight size={16} aria-hidden />} onClick={() => go(1)}>
          {m.next}
        </Button>
      </div>
      <Button className={classes.close} variant="subtle" fullWidth onClick={onClose}>
        {m.close}
      </Button>
    </Modal>
  );
}
