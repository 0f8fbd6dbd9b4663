import { Button, Checkbox, Group, Paper, Radio, TextInput } from '@mantine/core';
import {
  REPORT_CATEGORIES,
  REPORT_CATEGORY_LABELS,
  REPORT_NOTICE_MS,
  REPORT_TYPE_LABELS,
  reportMessages as m,
  reportRangeProblem,
  type ReportCategory,
  type ReportType,
} from '@kuku/domain';
import { IconFileAnalytics } from '@tabler/icons-react';
import { Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { generationFailure, useGenerateReports, type GenerateOutcome, type GenerateRequest } from '../api';
import classes from './report-generator.module.css';

export interface ReportNotice {
  tone: 'success' | 'warning' | 'error';
  text: string;
}

// Shown only once Financial is ticked: it loads then, or when the pointer or focus nears the categories.
const FlockSelect = lazyWithPreload(() => import('./flock-select'), (mod) => mod.FlockSelect);

// From the labels, not REPORT_TYPES: that constant's module (the sales words) is no part of this first screen.
const TYPES = Object.keys(REPORT_TYPE_LABELS) as ReportType[];


// Its notices show after a report is asked for: their Alert loads then (or while the farmer
// fills the form), not with the screen's first render (docs/design.md §9 budget).
const ReportNotices = lazyWithPreload(() => import('./report-notices'), (mod) => mod.ReportNotices);

/**
 * docs/product.md §8 Reports: what the generator says once every answer is in. All made: the success
 * message; each refusal its own warning or failure (once), after the success if some were made.
 */
export function noticesFor(outcomes: GenerateOutcome[]): ReportNotice[] {
  const notices: ReportNotice[] = [];
  if (outcomes.some((outcome) => outcome.report)) notices.push({ tone: 'success', text: m.generated });
  for (const outcome of outcomes) {
    if (!outcome.error) continue;
    const failure = generationFailure(outcome.error);
    if (!notices.some((notice) => notice.text === failure.text)) notices.push({ tone: failure.insufficient ? 'warning' : 'error', text: failure.text });
  }
  return notices;
}

/**
 * docs/product.md §2 and §5 Report generator: a range, a type, the categories (and, for the financial
 * report, a flock); checked in the product's order, then one report asked for each chosen category.
 * Plain words (reportRangeProblem), no zod: this is the screen's first form (decision 017).
 */
export function ReportGenerator() {
  const titleId = useId();
  const [start, setStart] = useState('');
  const [end, setEnd] = useState('');
  const [type, setType] = useState<ReportType>('summary');
  const [chosen, setChosen] = useState<readonly ReportCategory[]>([]);
  const [flockId, setFlockId] = useState('');
  const [notices, setNotices] = useState<ReportNotice[]>([]);
  const generate = useGenerateReports();
  const financial = chosen.includes('financial');

  // docs/product.md §9: the report notice hides after 5000 ms.
  useEffect(() => {
    if (notices.length === 0) return;
    const timer = window.setTimeout(() => setNotices([]), REPORT_NOTICE_MS);
    return () => window.clearTimeout(timer);
  }, [notices]);

  const toggle = (category: ReportCategory, checked: boolean) =>
    setChosen((current) => REPORT_CATEGORIES.filter((c) => (c === category ? checked : current.includes(c))));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (generate.isPending) return;
    // docs/product.md §5: a category first, then the dates.
    const problem = chosen.length === 0 ? m.selectCategory : reportRangeProblem(start, end);
    if (problem) {
      setNotices([{ tone: 'error', text: problem }]);
      return;
    }
    setNotices([]);
    const requests: GenerateRequest[] = chosen.map((category) => ({
      category,
      body: {
        start_date: start,
        end_date: end,
        report_type: type,
        ...(category === 'financial' && flockId !== '' ? { flock_id: Number(flockId) } : {}),
      },
    }));
    ReportNotices.preload();
    generate.mutate(requests, { onSuccess: (outcomes) => setNotices(noticesFor(outcomes)) });
  };

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId}>
      <h2 className={classes.title} id={titleId}>
        {m.generatorTitle}
      </h2>
      <form onSubmit={submit} noValidate aria-labelledby={titleId}>
        <div className={classes.fields}>
          <TextInput label={m.startDate} type="date" withAsterisk value={start} onChange={(event) => setStart(event.currentTarget.value)} />
          <TextInput label={m.endDate} type="date" withAsterisk value={end} onChange={(event) => setEnd(event.currentTarget.value)} />
          <Radio.Group label={m.reportType} value={type} onChange={(value) => setType(value as ReportType)}>
            <Group gap="lg" className={classes.types}>
              {TYPES.map((value) => (
                <Radio key={value} value={value} label={REPORT_TYPE_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
        </div>
        <fieldset className={classes.categories} onPointerEnter={FlockSelect.preload} onFocus={FlockSelect.preload}>
          <legend className={classes.label}>{m.categories}</legend>
          <div className={classes.checks}>
            {REPORT_CATEGORIES.map((category) => (
              <Checkbox
                key={category}
                label={REPORT_CATEGORY_LABELS[category]}
                checked={chosen.includes(category)}
                onChange={(event) => toggle(category, event.currentTarget.checked)}
              />
            ))}
          </div>
        </fieldset>
        {financial ? (
          <Suspense fallback={<div className={`${classes.flock} ${classes.flockFallback}`} />}>
            <FlockSelect className={classes.flock} value={flockId} onChange={setFlockId} />
          </Suspense>
        ) : null}
        <div className={classes.actions}>
          <Button type="submit" leftSection={<IconFileAnalytics size={18} aria-hidden />} disabled={generate.isPending}>
            {generate.isPending ? m.generating : m.generate}
          </Button>
        </div>
        <div aria-live="polite" className={classes.notices}>
          {notices.length > 0 ? (
            <Suspense fallback={null}>
              <ReportNotices notices={notices} />
            </Suspense>
          ) : null}
        </div>
      </form>
    </Paper>
  );
}
