import { ActionIcon, NativeSelect, Title } from '@mantine/core';
import { financeMessages as m } from '@kuku/domain';
import { IconHelpCircle } from '@tabler/icons-react';
import { useEffect, useId, useRef, useState } from 'react';
import classes from './finance.module.css';

interface FinanceHeaderProps {
  /** The year shown; null while the first answer loads. */
  year: number | null;
  /** The picker's years, newest first (the answer's `years`). */
  years: readonly number[];
  onYearChange: (year: number) => void;
}

/**
 * 'Financial Dashboard', its intro, the year picker and a help button whose panel lists how
 * each figure is counted (a disclosure: Escape or a click elsewhere closes it).
 */
export function FinanceHeader({ year, years, onYearChange }: FinanceHeaderProps) {
  const [helpOpen, setHelpOpen] = useState(false);
  const helpId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!helpOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setHelpOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (panel.current?.contains(target) || button.current?.contains(target)) return;
      setHelpOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [helpOpen]);

  // The year asked for is always an option, even before the answer lists the years.
  const options = year === null ? [] : years.includes(year) ? years : [year, ...years];
  return (
    <header className={classes.header}>
      <div className={classes.titleBlock}>
        <Title order={1} fz={{ base: 26, sm: 32 }}>
          {m.title}
        </Title>
        <p className={classes.intro}>{m.intro}</p>
      </div>
      <div className={classes.tools}>
        <NativeSelect
          className={classes.yearSelect}
          label={m.yearLabel}
          data={options.map(String)}
          value={year === null ? '' : String(year)}
          disabled={year === null}
          onChange={(event) => onYearChange(Number(event.currentTarget.value))}
        />
        <ActionIcon
          ref={button}
          variant="default"
          size={36}
          aria-label={m.definitionsLabel}
          aria-expanded={helpOpen}
          aria-controls={helpId}
          onClick={() => setHelpOpen((open) => !open)}
        >
          <IconHelpCircle size={20} aria-hidden />
        </ActionIcon>
      </div>
      <div ref={panel} id={helpId} className={classes.help} hidden={!helpOpen}>
        <h2>{m.definitionsLabel}</h2>
        <ul>
          {m.definitions.map((definition) => (
            <li key={definition}>{definition}</li>
          ))}
        </ul>
      </div>
    </header>
  );
}
