import { Button, NumberInput, Paper, SegmentedControl, Skeleton, TextInput } from '@mantine/core';
import {
  dayIn,
  DEFAULT_TIME_ZONE,
  dayText,
  formatCount,
  formatKes,
  formatQuantity,
  INVENTORY_UNIT_LABELS,
  MAX_MARGIN_PERCENT,
  saleTypeLabel,
  stockCountWords,
  traysAndLoose,
  type BalanceChecks,
  type StockBalanceLine,
  type StockCount,
  type StockCountKind,
} from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useCurrentUser } from '../../../lib/current-user';
import { useCan } from '../../../lib/use-can';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { flockOptionsQuery } from '../../flocks/api';
import { inventoryOptionsQuery } from '../../inventory/api';
import { balanceChecksQuery, marginQuery, stockCountListQuery, useDeleteStockCount, useSaveStockCount, useSetMargin, type StockCountBody } from '../api';
import classes from '../pages/stock-count-page.module.css';

type Words = typeof stockCountWords;
type Entry = number | string;

const asNumber = (value: Entry): number | null => (value === '' ? null : Number(value));

/** A count's amount as the farmer reads it: eggs with their trays, birds, or the feed's unit. */
function amount(w: Words, kind: StockCountKind, n: number, unit: string): string {
  if (kind === 'eggs') {
    const { trays, loose } = traysAndLoose(n);
    return w.eggsText(Math.abs(n), trays, loose);
  }
  if (kind === 'birds') return w.birdsText(Math.abs(n));
  const label = (INVENTORY_UNIT_LABELS as Record<string, string>)[unit] ?? unit;
  return w.feedText(Math.abs(n), label.toLowerCase());
}

function differenceText(w: Words, c: Pick<StockCount, 'kind' | 'difference' | 'unit'>): string {
  if (c.difference === 0) return w.match;
  return `${c.difference < 0 ? '−' : '+'}${amount(w, c.kind, c.difference, c.unit)}`;
}

/** The counts just saved, each against what the records said: shown only after saving, so the count stays honest. */
function Results({ w, counts }: { w: Words; counts: StockCount[] }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="count-results">
      <h2 id="count-results" className={classes.sectionTitle}>
        {w.results}
      </h2>
      <ul className={classes.list}>
        {counts.map((c) => (
          <li key={c.id} className={classes.row}>
            <span className={classes.rowName}>{c.name ?? w.eggs}</span>
            <span>
              {w.counted}: {amount(w, c.kind, c.counted, c.unit)} · {w.expectedAfter}: {amount(w, c.kind, c.expected, c.unit)}
            </span>
            <span className={c.beyond_margin ? classes.gap : undefined}>
              {w.difference}: {differenceText(w, c)}
              {c.beyond_margin ? ` (${w.beyond})` : ''}
            </span>
          </li>
        ))}
      </ul>
    </Paper>
  );
}

/** The count form: the day and one kind at a time, each thing of it a field. */
function CountForm({ w, onSaved }: { w: Words; onSaved: (counts: StockCount[]) => void }) {
  const timeZone = useCurrentUser()?.farm.time_zone ?? DEFAULT_TIME_ZONE;
  const today = dayIn(new Date(), timeZone);
  const [date, setDate] = useState(today);
  const [kind, setKind] = useState<StockCountKind>('eggs');
  const [trays, setTrays] = useState<Entry>('');
  const [loose, setLoose] = useState<Entry>('');
  const [feed, setFeed] = useState<Record<number, Entry>>({});
  const [birds, setBirds] = useState<Record<number, Entry>>({});
  const items = useQuery({ ...inventoryOptionsQuery(), enabled: kind === 'feed' });
  const flocks = useQuery({ ...flockOptionsQuery(), enabled: kind === 'birds' });
  const feedItems = (items.data ?? []).filter((i) => i.kind === 'feed');
  const activeFlocks = (flocks.data ?? []).filter((f) => f.status !== 'archived');
  const save = useSaveStockCount();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body: StockCountBody = { date };
    if (kind === 'eggs' && (trays !== '' || loose !== '')) body.eggs = { trays: asNumber(trays) ?? 0, loose: asNumber(loose) ?? 0 };
    if (kind === 'feed')
      body.feed = Object.entries(feed).flatMap(([id, v]) => (asNumber(v) === null ? [] : [{ item_id: Number(id), quantity: asNumber(v)! }]));
    if (kind === 'birds')
      body.birds = Object.entries(birds).flatMap(([id, v]) => (asNumber(v) === null ? [] : [{ flock_id: Number(id), birds: asNumber(v)! }]));
    save.mutate(body, {
      onSuccess: (answer) => {
        showSuccessToast(w.saved);
        setTrays('');
        setLoose('');
        setFeed({});
        setBirds({});
        onSaved(answer.counts);
      },
      onError: (error) => showErrorToast(error.message),
    });
  };

  return (
    <Paper withBorder p="md" component="form" onSubmit={submit} aria-labelledby="count-form">
      <h2 id="count-form" className={classes.sectionTitle}>
        {w.whatCounted}
      </h2>
      <SegmentedControl
        fullWidth
        value={kind}
        onChange={(value) => setKind(value as StockCountKind)}
        data={[
          { value: 'eggs', label: w.eggs },
          { value: 'feed', label: w.feed },
          { value: 'birds', label: w.birds },
        ]}
        aria-label={w.whatCounted}
      />
      <div className={classes.fields}>
        <TextInput type="date" label={w.countDate} value={date} max={today} onChange={(e) => setDate(e.currentTarget.value)} required />
        {kind === 'eggs' ? (
          <>
            <NumberInput label={w.trays} value={trays} onChange={setTrays} min={0} allowDecimal={false} inputMode="numeric" />
            <NumberInput label={w.looseEggs} value={loose} onChange={setLoose} min={0} max={29} allowDecimal={false} inputMode="numeric" />
          </>
        ) : null}
        {kind === 'feed' ? (
          items.isPending ? (
            <Skeleton height={56} />
          ) : feedItems.length === 0 ? (
            <p className={classes.note}>{w.noFeedItems}</p>
          ) : (
            feedItems.map((item) => (
              <NumberInput
                key={item.id}
                label={`${item.item_name}: ${w.feedCounted(((INVENTORY_UNIT_LABELS as Record<string, string>)[item.unit] ?? item.unit).toLowerCase())}`}
                value={feed[item.id] ?? ''}
                onChange={(v) => setFeed((was) => ({ ...was, [item.id]: v }))}
                min={0}
                decimalScale={3}
                inputMode="decimal"
              />
            ))
          )
        ) : null}
        {kind === 'birds' ? (
          flocks.isPending ? (
            <Skeleton height={56} />
          ) : activeFlocks.length === 0 ? (
            <p className={classes.note}>{w.noFlocks}</p>
          ) : (
            activeFlocks.map((flock) => (
              <NumberInput
                key={flock.id}
                label={`${flock.name}: ${w.headCount}`}
                value={birds[flock.id] ?? ''}
                onChange={(v) => setBirds((was) => ({ ...was, [flock.id]: v }))}
                min={0}
                allowDecimal={false}
                inputMode="numeric"
              />
            ))
          )
        ) : null}
      </div>
      <Button type="submit" mt="md" fullWidth loading={save.isPending}>
        {w.save}
      </Button>
    </Paper>
  );
}

function LastCounts({ w }: { w: Words }) {
  const list = useQuery(stockCountListQuery(1));
  const canDelete = useCan('counts.delete');
  const remove = useDeleteStockCount();
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="last-counts">
      <h2 id="last-counts" className={classes.sectionTitle}>
        {w.lastCounts}
      </h2>
      {list.isPending ? (
        <Skeleton height={120} />
      ) : (list.data?.items.length ?? 0) === 0 ? (
        <p className={classes.note}>{w.noCounts}</p>
      ) : (
        <ul className={classes.list}>
          {list.data!.items.map((c) => (
            <li key={c.id} className={classes.row}>
              <span className={classes.rowName}>
                {dayText(c.date)} · {c.name ?? w.eggs}
              </span>
              <span>
                {w.counted}: {amount(w, c.kind, c.counted, c.unit)}
              </span>
              <span className={c.beyond_margin ? classes.gap : undefined}>{differenceText(w, c)}</span>
              {canDelete ? (
                <Button
                  size="compact-xs"
                  variant="subtle"
                  color="red"
                  aria-label={`${w.deleteCount}: ${dayText(c.date)} ${c.name ?? w.eggs}`}
                  onClick={() => remove.mutate(c.id, { onSuccess: () => showSuccessToast(w.deleted), onError: (e) => showErrorToast(e.message) })}
                >
                  {w.deleteCount}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Paper>
  );
}

function MarginSetting({ w }: { w: Words }) {
  const margin = useQuery(marginQuery());
  const [value, setValue] = useState<Entry | null>(null);
  const set = useSetMargin();
  const shown = value ?? margin.data?.margin_percent ?? '';
  return (
    <Paper
      withBorder
      p="md"
      component="form"
      aria-labelledby="count-margin"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        set.mutate(Number(shown), { onSuccess: () => showSuccessToast(w.marginSaved), onError: (error) => showErrorToast(error.message) });
      }}
    >
      <h2 id="count-margin" className={classes.sectionTitle}>
        {w.margin}
      </h2>
      <NumberInput label={`${w.margin} (%)`} description={w.marginHint} value={shown} onChange={setValue} min={0} max={MAX_MARGIN_PERCENT} allowDecimal={false} />
      <Button type="submit" mt="sm" loading={set.isPending}>
        {w.marginSave}
      </Button>
    </Paper>
  );
}

const CAUSES: Record<string, keyof Words> = {
  collected: 'collected',
  sold: 'sold',
  adjusted: 'adjusted',
  delivered: 'delivered',
  fed: 'fed',
  removed: 'removed',
  corrected: 'corrected',
  added: 'added',
  deaths: 'deaths',
  culled: 'culled',
};

function CheckLine({ w, name, kind, unit, line }: { w: Words; name: string; kind: StockCountKind; unit: string; line: StockBalanceLine }) {
  const causes = (parts: Record<string, number>, sign: string) =>
    Object.entries(parts)
      .filter(([, n]) => n !== 0)
      .map(([cause, n]) => `${String(w[CAUSES[cause] ?? 'corrected'])} ${sign}${kind === 'feed' ? formatQuantity(n) : formatCount(n)}`)
      .join(', ');
  const moves = [causes(line.came_in, '+'), causes(line.went_out, '−')].filter(Boolean).join(', ');
  return (
    <li className={classes.check} aria-label={name}>
      <span className={classes.rowName}>{name}</span>
      <span>
        {w.opening}: {amount(w, kind, line.opening, unit)} · {w.closing}: {amount(w, kind, line.closing, unit)}
      </span>
      {moves ? <span className={classes.note}>{moves}</span> : null}
      <span>
        {w.lastCount}: {line.last_count ? `${amount(w, kind, line.last_count.counted, unit)} (${dayText(line.last_count.date)})` : w.noCount}
      </span>
      {line.difference === null ? null : (
        <span className={line.beyond_margin ? classes.gap : undefined}>
          {w.difference}: {differenceText(w, { kind, difference: line.difference, unit })}
          {line.beyond_margin ? ` (${w.beyond})` : ''}
        </span>
      )}
    </li>
  );
}

function Checks({ w }: { w: Words }) {
  const checks = useQuery(balanceChecksQuery());
  const c: BalanceChecks | undefined = checks.data;
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="balance-checks">
      <h2 id="balance-checks" className={classes.sectionTitle}>
        {w.checksTitle}
      </h2>
      {!c ? (
        <Skeleton height={160} />
      ) : (
        <>
          <p className={classes.note}>
            {dayText(c.start_date)} – {dayText(c.end_date)} · {w.margin}: {c.margin_percent}%
          </p>
          <ul className={classes.list}>
            <CheckLine w={w} name={w.eggs} kind="eggs" unit="eggs" line={c.eggs} />
            {c.feed.map((f) => (
              <CheckLine key={`feed-${f.item_id}`} w={w} name={f.item_name} kind="feed" unit={f.unit} line={f} />
            ))}
            {c.birds.map((b) => (
              <CheckLine key={`birds-${b.flock_id}`} w={w} name={b.flock_name} kind="birds" unit="birds" line={b} />
            ))}
          </ul>
          <h3 className={classes.subTitle}>{w.money}</h3>
          <ul className={classes.list}>
            <li className={classes.row}>
              <span className={classes.rowName}>{w.paidBy}</span>
              <span>{formatKes(c.money.paid_cents)}</span>
            </li>
            {c.money.paid_by_type.map((t) => (
              <li key={t.sale_type} className={classes.row}>
                <span>{saleTypeLabel(t.sale_type)}</span>
                <span>{formatKes(t.cents)}</span>
              </li>
            ))}
          </ul>
          {!c.money.recorded ? <p className={classes.note}>{w.noBanking}</p> : null}
        </>
      )}
    </Paper>
  );
}

/**
 * The stock count's sections (decision 077): the count form, what was just saved against the
 * records, the last counts, and for the owner the margin and the last 7 days' balance checks.
 * Loaded right after the screen's header is painted (docs/design.md §9 budget).
 */
export function StockCountSections() {
  const w = stockCountWords;
  const [saved, setSaved] = useState<StockCount[] | null>(null);
  const canCount = useCan('counts.write');
  const canMargin = useCan('counts.margin');
  const readsChecks = useCan('finance.read');
  return (
    <div className={classes.page}>
      {canCount ? <CountForm w={w} onSaved={setSaved} /> : null}
      {saved ? <Results w={w} counts={saved} /> : null}
      <LastCounts w={w} />
      {canMargin ? <MarginSetting w={w} /> : null}
      {readsChecks ? <Checks w={w} /> : null}
    </div>
  );
}
