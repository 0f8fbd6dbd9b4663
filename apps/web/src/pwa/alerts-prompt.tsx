import { Button } from '@mantine/core';
import { IconBellRinging } from '@tabler/icons-react';
import { useId } from 'react';
import classes from './alerts-prompt.module.css';
import { pwaWords as w } from './words';

interface AlertsPromptProps {
  onAllow: () => void;
  onNotNow: () => void;
}

/** The app's own question before the browser's: 'Allow' asks the browser from the tap. */
export function AlertsPrompt({ onAllow, onNotNow }: AlertsPromptProps) {
  const titleId = useId();
  return (
    <section className={classes.prompt} aria-labelledby={titleId}>
      <div className={classes.head}>
        <IconBellRinging size={20} aria-hidden />
        <h2 id={titleId} className={classes.title}>
          {w.alertsTitle}
        </h2>
      </div>
      <p className={classes.text}>{w.alertsText}</p>
      <div className={classes.actions}>
        <Button variant="default" size="sm" onClick={onNotNow}>
          {w.notNow}
        </Button>
        <Button size="sm" onClick={onAllow}>
          {w.allow}
        </Button>
      </div>
    </section>
  );
}
