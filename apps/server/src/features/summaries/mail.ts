/**
 * The weekly summary as a mail and an SMS digest (decision 078), in the recipient's language. The
 * HTML is what mail clients draw: tables, inline styles, no scripts, no images; the eggs a day are
 * a table of bars (a cell's width per day). The plain text part says the same.
 */
import {
  calendarWords,
  dayTextIn,
  EXPENSE_CATEGORY_LABELS,
  formatCount,
  formatKes,
  summarySms,
  summaryWords,
  traysOf,
  type BalanceLine,
  type Language,
  type WeeklyFigures,
} from '@kuku/domain';
import { wordsIn } from '@kuku/domain/words-in';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const GREEN = '#2f9e44';
const INK = '#1f2933';
const MUTED = '#52606d';
const LINE = '#e4e7eb';

function wordsOf(language: Language) {
  const w = wordsIn(language, summaryWords);
  const months = wordsIn(language, calendarWords).shortMonths;
  const day = (d: string) => dayTextIn(d, months);
  const categories = wordsIn(language, EXPENSE_CATEGORY_LABELS) as Record<string, string>;
  const trays = (eggs: number) => {
    const t = traysOf(eggs);
    return w.trays(t.trays, t.eggs, t.negative);
  };
  const lineName = (l: BalanceLine) => (l.name === '' ? w.balanceKinds[l.kind] : `${w.balanceKinds[l.kind]}: ${l.name}`);
  const amount = (l: BalanceLine, n: number | null) => (n === null ? w.notCounted : l.kind === 'money' ? formatKes(n) : `${formatCount(n)} ${w.units[l.unit] ?? l.unit}`);
  return { w, day, categories, trays, lineName, amount };
}

/** The figures in sections of label and value, the same for the HTML and the text. */
function sections(f: WeeklyFigures, language: Language) {
  const { w, trays, categories, day } = wordsOf(language);
  const or = (n: number | null, say: (n: number) => string) => (n === null ? w.unknown : say(n));
  const budget =
    f.expenses.budget_cents > 0
      ? [
          [w.budgetOfMonth(day(`${f.expenses.month}-01`).slice(3)), formatKes(f.expenses.budget_cents)],
          [w.budgetSpent, formatKes(f.expenses.budget_spent_cents)],
          ...(f.expenses.over_budget_flocks > 0 ? [[w.overBudget(f.expenses.over_budget_flocks), '']] : []),
        ]
      : [[w.noBudget, '']];
  return [
    {
      title: w.eggs,
      rows: [
        [w.collected, `${formatCount(f.eggs.collected)} (${trays(f.eggs.collected)})`],
        [w.traysSold, formatCount(f.eggs.sold_trays)],
        [w.kept, trays(f.eggs.kept_eggs)],
        [w.writtenOff, formatCount(f.eggs.written_off)],
      ],
    },
    {
      title: w.sales,
      rows: [
        [w.salesTotal, formatKes(f.sales.total_cents)],
        [w.paid, formatKes(f.sales.paid_cents)],
        [w.pending, formatKes(f.sales.pending_cents)],
        [w.owed, `${formatKes(f.sales.owed_cents)}${f.sales.buyers_owing > 0 ? ` (${w.buyersOwing(f.sales.buyers_owing)})` : ''}`],
      ],
    },
    {
      title: w.expenses,
      rows: [[w.spent, formatKes(f.expenses.total_cents)], ...f.expenses.by_category.map((c) => [categories[c.category] ?? c.category, formatKes(c.amount_cents)]), ...budget],
    },
    {
      title: w.birds,
      rows: [
        [w.alive, formatCount(f.birds.alive)],
        [w.deaths, formatCount(f.birds.deaths)],
        [w.birdsSold, formatCount(f.birds.sold)],
        [w.culled, formatCount(f.birds.culled)],
        [w.added, formatCount(f.birds.added)],
      ],
    },
    {
      title: w.feed,
      rows: [
        [w.feedUsed, or(f.feed.used_kg, w.kg)],
        [w.feedCost, formatKes(f.feed.cost_cents)],
        [w.daysLeft, or(f.feed.days_left, w.days)],
      ],
    },
  ] as { title: string; rows: [string, string][] }[];
}

export interface SummaryMail {
  subject: string;
  html: string;
  text: string;
}

/** The mail of a week's summary; `link` the summary's address in the app (absolute when the server knows its own). */
export function summaryMail(f: WeeklyFigures, language: Language, link: string): SummaryMail {
  const { w, day, lineName, amount } = wordsOf(language);
  const from = day(f.week_start);
  const to = day(f.week_end);
  const subject = w.mailSubject(f.farm_name, from, to);
  const heading = w.weekOf(from, to);
  const partial = f.through < f.week_end ? w.soFar(day(f.through)) : null;
  const parts = sections(f, language);
  const most = Math.max(1, ...f.eggs.per_day.map((d) => d.eggs));

  const cell = `padding:6px 0;border-bottom:1px solid ${LINE};font-size:14px;color:${INK};`;
  const bars = f.eggs.per_day
    .map((d, i) => {
      const width = Math.round((d.eggs / most) * 100);
      const bar = width > 0 ? `<table role="presentation" width="${width}%" cellpadding="0" cellspacing="0" border="0" style="width:${width}%;border-collapse:collapse;"><tr><td height="14" bgcolor="${GREEN}" style="height:14px;background:${GREEN};font-size:0;line-height:0;">&nbsp;</td></tr></table>` : '';
      return `<tr><td style="padding:3px 8px 3px 0;font-size:13px;color:${MUTED};white-space:nowrap;width:36px;">${escape(w.weekdays[i] ?? '')}</td><td style="padding:3px 0;width:100%;">${bar}</td><td style="padding:3px 0 3px 8px;font-size:13px;color:${INK};text-align:right;white-space:nowrap;">${formatCount(d.eggs)}</td></tr>`;
    })
    .join('');
  const table = (rows: [string, string][]) =>
    `<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;">${rows
      .map(([label, value]) => `<tr><td style="${cell}padding-right:8px;">${escape(label)}</td><td style="${cell}text-align:right;white-space:nowrap;font-weight:600;">${escape(value)}</td></tr>`)
      .join('')}</table>`;
  const title = (text: string) => `<h2 style="margin:20px 0 6px;font-size:16px;color:${INK};">${escape(text)}</h2>`;
  const balances =
    f.balances === null || f.balances.length === 0
      ? `<p style="font-size:14px;color:${MUTED};margin:0;">${escape(w.noBalances)}</p>`
      : f.balances
          .map((l) => {
            const flag = l.beyond_margin ? ` <strong style="color:#c92a2a;">(${escape(w.beyondMargin)})</strong>` : '';
            return `<p style="margin:0 0 4px;font-size:14px;font-weight:600;color:${INK};">${escape(lineName(l))}${flag}</p>${table([
              [w.opening, amount(l, l.opening)],
              [w.cameIn, amount(l, l.came_in)],
              [w.wentOut, amount(l, l.went_out)],
              [w.expected, amount(l, l.expected)],
              [w.counted, amount(l, l.counted)],
              [w.difference, amount(l, l.difference)],
            ])}<div style="height:10px;"></div>`;
          })
          .join('');

  const html = `<!doctype html>
<html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(subject)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;background:#f5f7fa;"><tr><td align="center" style="padding:12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;max-width:600px;background:#ffffff;border-radius:8px;"><tr><td style="padding:16px;word-break:break-word;">
<p style="margin:0;font-size:13px;color:${MUTED};">${escape(f.farm_name)}</p>
<h1 style="margin:4px 0 4px;font-size:20px;color:${INK};">${escape(heading)}</h1>
${partial ? `<p style="margin:0 0 4px;font-size:13px;color:${MUTED};">${escape(partial)}</p>` : ''}
<p style="margin:8px 0 0;font-size:14px;color:${INK};">${escape(w.mailIntro(f.farm_name))}</p>
${title(w.eggsADay)}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" border="0" style="width:100%;border-collapse:collapse;">${bars}</table>
${parts.map((s) => `${title(s.title)}${table(s.rows)}`).join('\n')}
${title(w.balances)}
${balances}
<p style="margin:20px 0 8px;"><a href="${escape(link)}" style="display:inline-block;background:${GREEN};color:#ffffff;text-decoration:none;padding:10px 16px;border-radius:6px;font-size:14px;">${escape(w.mailOpen)}</a></p>
<p style="margin:12px 0 0;font-size:12px;color:${MUTED};">${escape(w.mailWhy)}</p>
</td></tr></table>
</td></tr></table>
</body></html>`;

  const textLines = [
    f.farm_name,
    heading,
    ...(partial ? [partial] : []),
    '',
    `${w.eggsADay}:`,
    ...f.eggs.per_day.map((d, i) => `  ${w.weekdays[i] ?? d.day} ${formatCount(d.eggs)}`),
    ...parts.flatMap((s) => ['', `${s.title}:`, ...s.rows.map(([label, value]) => `  ${label}${value ? `: ${value}` : ''}`)]),
    '',
    `${w.balances}:`,
    ...(f.balances === null || f.balances.length === 0
      ? [`  ${w.noBalances}`]
      : f.balances.map(
          (l) =>
            `  ${lineName(l)}: ${w.expected} ${amount(l, l.expected)}, ${w.counted} ${amount(l, l.counted)}, ${w.difference} ${amount(l, l.difference)}${l.beyond_margin ? ` (${w.beyondMargin})` : ''}`,
        )),
    '',
    `${w.mailOpen}: ${link}`,
    '',
    w.mailWhy,
  ];
  return { subject, html, text: textLines.join('\n') };
}

/** The 1-2 part SMS digest in a language. */
export const summaryText = (f: WeeklyFigures, language: Language): string => summarySms(wordsIn(language, summaryWords), f);
