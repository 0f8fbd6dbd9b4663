import { Badge, Button, Text, TextInput } from '@mantine/core';
import {
  EGGS_PER_TRAY,
  eggMessages as m,
  eggsFromTrays,
  eggsPastBirds,
  formatCount,
  isValidTrayEntry,
  toTrays,
  traysText,
  type EggDay,
  type EggDayFlock,
  type EggDayResult,
} from '@kuku/domain';
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import { showErrorToast, showInfoToast, showSuccessToast } from '../../../ui/toast';
import { useRecordEggDay, type EggDayRowKept } from '../api';
import { countTyped, countValue } from './egg-format';
import classes from './egg-day-form.module.css';

/** A flock's row as typed, and the record it stands against (as the day was shown, or as a save left it). */
interface Row {
  trays: string;
  loose: string;
  recordId: number | null;
  /** The eggs the record holds; null without one. */
  savedEggs: number | null;
  /** Why the last save refused the row. */
  message: string | null;
  /** Saved with no signal: the record or the change waiting on the phone (its entry), until this form is opened again. */
  waitingId: string | null;
}

function startRow(flock: EggDayFlock): Row {
  const record = flock.record;
  if (!record) return { trays: '', loose: '', recordId: null, savedEggs: null, message: null, waitingId: null };
  const { trays, eggs } = toTrays(record.eggs_collected);
  return { trays: String(trays), loose: eggs === 0 ? '' : String(eggs), recordId: record.id, savedEggs: record.eggs_collected, message: null, waitingId: null };
}

/** A row's eggs: null while nothing is typed, NaN when what is typed is not a count. */
function rowEggs(row: Row): number | null {
  if (row.trays === '' && row.loose === '') return null;
  const trays = row.trays === '' ? 0 : countValue(row.trays);
  const loose = row.loose === '' ? 0 : countValue(row.loose);
  return isValidTrayEntry(trays, loose) ? eggsFromTrays(trays, loose) : Number.NaN;
}

function rowError(row: Row): string | null {
  const trays = row.trays === '' ? 0 : countValue(row.trays);
  const loose = row.loose === '' ? 0 : countValue(row.loose);
  if (!Number.isInteger(trays) || trays < 0) return m.traysInvalid;
  if (!Number.isInteger(loose) || loose < 0 || loose >= EGGS_PER_TRAY) return m.remainderInvalid;
  return isValidTrayEntry(trays, loose) ? null : m.eggsTooMany;
}

/** Enter moves on to the next count, as the phone's 'next' key says: a day is typed without reaching for the screen. */
function nextOnEnter(event: KeyboardEvent<HTMLInputElement>) {
  if (event.key !== 'Enter') return;
  event.preventDefault();
  const inputs = [...(event.currentTarget.form?.querySelectorAll<HTMLInputElement>('input[data-egg-count]') ?? [])];
  inputs[inputs.indexOf(event.currentTarget) + 1]?.focus();
}

/** What both counts of a row share: the digit keypad, its 'next' key moving on, no autofill. */
const COUNT_INPUT = {
  inputMode: 'numeric',
  pattern: '[0-9]*',
  enterKeyHint: 'next',
  autoComplete: 'off',
  'data-egg-count': true,
  onKeyDown: nextOnEnter,
} as const;

interface EggDayFormProps {
  day: EggDay;
  /** Whether the day is the farm's today (the day before is then 'Yesterday'). */
  isToday: boolean;
  canWrite: boolean;
}

/**
 * Every laying flock's eggs of one day: trays and loose eggs per row, the day before's beside
 * them, a running total, and one save that sends only the rows typed or changed. A row the save
 * refuses keeps what was typed and says why; the rows saved are kept.
 */
export function EggDayForm({ day, isToday, canWrite }: EggDayFormProps) {
  const [rows, setRows] = useState<Record<number, Row>>(() => Object.fromEntries(day.flocks.map((f) => [f.flock_id, startRow(f)])));
  const save = useRecordEggDay();

  const rowOf = (flock: EggDayFlock): Row => {
    const row = rows[flock.flock_id] ?? startRow(flock);
    // Kept on the phone and since received by Kuku: the day, read again after the send, holds it.
    if (row.waitingId !== null && flock.record && flock.record.eggs_collected === row.savedEggs) return { ...row, recordId: flock.record.id, waitingId: null };
    return row;
  };
  const change = (flockId: number, field: 'trays' | 'loose', value: string) =>
    setRows((current) => ({ ...current, [flockId]: { ...(current[flockId] as Row), [field]: countTyped(value), message: null } }));

  const shown = day.flocks.map((flock) => {
    const row = rowOf(flock);
    return { flock, row, eggs: rowEggs(row), error: rowError(row) };
  });
  const invalid = shown.some((r) => r.error !== null);
  const toSend = shown.filter((r) => r.eggs !== null && !Number.isNaN(r.eggs) && r.eggs !== r.row.savedEggs);
  const total = shown.reduce((sum, r) => sum + (r.eggs !== null && !Number.isNaN(r.eggs) ? r.eggs : 0), 0);

  const applyResults = (results: EggDayResult['results']) => {
    setRows((current) => {
      const next = { ...current };
      for (const result of results) {
        const row = next[result.flock_id];
        if (!row) continue;
        next[result.flock_id] = {
          ...row,
          recordId: result.record?.id ?? null,
          savedEggs: result.record?.eggs_collected ?? null,
          message: result.status === 'failed' ? (result.message ?? m.dayFailed) : null,
        };
      }
      return next;
    });
    const failed = results.filter((r) => r.status === 'failed').length;
    if (failed > 0) showErrorToast(m.dayPartlySaved(results.length - failed, failed));
    else showSuccessToast(m.daySaved(results.length));
  };

  /** Rows kept on the phone with no signal: each waits there, its eggs counted as saved by this form. */
  const applyKept = (kept: EggDayRowKept[], sent: Map<number, number>) => {
    setRows((current) => {
      const next = { ...current };
      for (const row of kept) {
        const shownRow = next[row.flock_id];
        if (!shownRow) continue;
        next[row.flock_id] =
          row.entryId === null
            ? { ...shownRow, message: row.message ?? m.dayFailed }
            : { ...shownRow, savedEggs: sent.get(row.flock_id) ?? null, message: null, waitingId: row.entryId };
      }
      return next;
    });
    const failed = kept.filter((row) => row.entryId === null).length;
    if (failed > 0) showErrorToast(m.dayPartlySaved(kept.length - failed, failed));
    else showInfoToast(m.dayKeptOnPhone(kept.length));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!canWrite || invalid || toSend.length === 0 || save.isPending) return;
    const sent = new Map(toSend.map((r) => [r.flock.flock_id, r.eggs as number]));
    save.mutate(
      {
        input: {
          date_produced: day.date,
          rows: toSend.map((r) => ({ flock_id: r.flock.flock_id, eggs_collected: r.eggs as number, record_id: r.row.recordId })),
        },
        names: Object.fromEntries(toSend.map((r) => [r.flock.flock_id, r.flock.flock_name])),
        waiting: Object.fromEntries(toSend.flatMap((r) => (r.row.waitingId ? [[r.flock.flock_id, r.row.waitingId]] : []))),
      },
      {
        onSuccess: (saved) => ('answer' in saved ? applyResults(saved.answer.results) : applyKept(saved.kept, sent)),
        onError: () => showErrorToast(m.dayFailed),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className={classes.form}>
      <ol className={classes.rows}>
        {shown.map(({ flock, row, eggs, error }) => {
          const pastBirds = eggs !== null && !Number.isNaN(eggs) && eggsPastBirds(eggs, flock.bird_count);
          const note = row.message ?? error;
          return (
            <li key={flock.flock_id} className={classes.row} data-invalid={note ? true : undefined}>
              <div className={classes.flock}>
                <Text fw={700} className={classes.name}>
                  {flock.flock_name}{' '}
                  {row.savedEggs !== null && eggs === row.savedEggs ? (
                    row.waitingId !== null ? (
                      <Badge component="span" color="orange" variant="light" size="sm">
                        {m.dayOnPhone}
                      </Badge>
                    ) : (
                      <Badge component="span" color="green" variant="light" size="sm">
                        {m.dayRecorded}
                      </Badge>
                    )
                  ) : null}
                </Text>
                <Text fz="sm" c="dimmed">
                  {m.dayBirds(formatCount(flock.bird_count))} · {m.dayPrevious(flock.previous_eggs === null ? null : traysText(flock.previous_eggs), isToday)}
                </Text>
              </div>
              <TextInput
                className={classes.trays}
                label={m.dayTrays}
                aria-label={m.dayTraysFor(flock.flock_name)}
                {...COUNT_INPUT}
                readOnly={!canWrite}
                value={row.trays}
                onChange={(event) => change(flock.flock_id, 'trays', event.currentTarget.value)}
                error={error === m.traysInvalid || error === m.eggsTooMany}
              />
              <TextInput
                className={classes.loose}
                label={m.dayLoose}
                aria-label={m.dayLooseFor(flock.flock_name)}
                {...COUNT_INPUT}
                placeholder="0"
                readOnly={!canWrite}
                value={row.loose}
                onChange={(event) => change(flock.flock_id, 'loose', event.currentTarget.value)}
                error={error === m.remainderInvalid}
              />
              {note ? (
                <Text fz="sm" c="red" className={classes.note} role="alert">
                  {note}
                </Text>
              ) : pastBirds ? (
                <Text fz="sm" className={`${classes.note} ${classes.warning}`}>
                  {m.moreEggsThanBirds(formatCount(flock.bird_count))}
                </Text>
              ) : null}
            </li>
          );
        })}
      </ol>
      <div className={classes.footer}>
        <Text fw={700} aria-live="polite">
          {m.dayTotal(formatCount(total), traysText(total))}
        </Text>
        {canWrite ? (
          <Button type="submit" loading={save.isPending} disabled={invalid || toSend.length === 0}>
            {toSend.length === 0 ? m.dayNothingToSaveYet : m.daySave(toSend.length)}
          </Button>
        ) : null}
        {invalid ? (
          <Text fz="sm" c="red">
            {m.dayFixRows}
          </Text>
        ) : null}
      </div>
    </form>
  );
}
