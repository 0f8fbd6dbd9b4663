/**
 * Vaccination rules, words, the standard schedule and the API's date format, without zod:
 * a screen that shows them does not load the schemas (docs/design.md §9 first-screen budget). The
 * schemas are in vaccinations.ts.
 */
import { dayIn, shiftDay } from './common/dates.js';
import { DEFAULT_TIME_ZONE } from './common/locale.js';
import { words, type Catalogues } from './common/words.js';

/** docs/product.md §9 Modes: the scheduling modal's, and the standard schedule's. */
export const VACCINATION_MODES = ['Injection', 'Oral', 'Spray', 'Wing web'] as const;
export const STANDARD_SCHEDULE_MODES = ['1m', 'Drinking Water', 'Wing Stab', 'Thigh Muscle'] as const;
export const ALL_VACCINATION_MODES = [...VACCINATION_MODES, ...STANDARD_SCHEDULE_MODES] as const;
export type VaccinationMode = (typeof ALL_VACCINATION_MODES)[number];

export const VACCINATION_STATUSES = ['Pending', 'Completed', 'Cancelled'] as const;
export type VaccinationStatus = (typeof VACCINATION_STATUSES)[number];
/** The modal offers these two; Cancelled has no action (docs/product.md §4). */
export const NEW_VACCINATION_STATUSES = ['Pending', 'Completed'] as const;
/** A status as a screen shows it (the stored value stays the English word). */
export const VACCINATION_STATUS_LABELS: Record<VaccinationStatus, string> = words(
  'vaccinationStatuses',
  { Pending: 'Pending', Completed: 'Completed', Cancelled: 'Cancelled' },
  { sw: () => import('./sw/vaccinations-rules.js') as Promise<Catalogues> },
);
/** A mode as a screen shows it (the stored value stays the English name). */
export const VACCINATION_MODE_LABELS: Record<VaccinationMode, string> = words(
  'vaccinationModes',
  {
    Injection: 'Injection',
    Oral: 'Oral',
    Spray: 'Spray',
    'Wing web': 'Wing web',
    '1m': '1m',
    'Drinking Water': 'Drinking Water',
    'Wing Stab': 'Wing Stab',
    'Thigh Muscle': 'Thigh Muscle',
  },
  { sw: () => import('./sw/vaccinations-rules.js') as Promise<Catalogues> },
);
/** A mode's label; a value outside the list as it came. */
export function vaccinationModeLabel(mode: string): string {
  return (VACCINATION_MODE_LABELS as Record<string, string>)[mode] ?? mode;
}

/** docs/product.md §9: vaccinations due within this many days show as due soon. */
export const VACCINATION_WARNING_DAYS = 7;
export const VACCINE_NAME_MAX = 100;

export const vaccinationMessages = words(
  'vaccinations',
  {
    selectFlock: 'Please select a flock.',
    selectMode: 'Please select a mode of vaccination.',
    notAuthenticated: 'User not authenticated.',
    futureMustBePending: "Future vaccinations must have 'Pending' status.",
    futureCompletedNotice: 'You cannot schedule a future vaccination with "Completed" status.',
    vaccineNameRequired: 'Vaccine name is required.',
    vaccineNameTooLong: `Vaccine name must be at most ${VACCINE_NAME_MAX} characters.`,
    dateRequired: 'Vaccination date is required.',
    dateInvalid: 'Enter a valid date and time.',
    statusRequired: 'Please select a status.',
    scheduled: 'Vaccination scheduled successfully!',
    /** A vaccination saved on the phone, corrected before it was sent. */
    updated: 'Vaccination updated successfully!',
    editTitle: 'Edit Custom Vaccination',
    updateVaccination: 'Update Vaccination',
    noFlockId: 'No flock ID found.',
    failedToUpdateStatus: 'Failed to update vaccination status.',
    failedToDelete: 'Failed to delete vaccination.',
    failedToAdd: 'Failed to add vaccination.',
    selectFlockFirst: 'Please select a flock first.',
    tickOneVaccine: 'Tick at least one vaccine.',
    noneScheduled: 'No vaccinations scheduled yet.',
    cancelledIsFinal: 'A cancelled vaccination cannot change status.',
    notFound: 'Vaccination not found.',
    unknownFlock: 'Unknown flock.',
    dueFilterInvalid: 'Due must be overdue or week.',
    reschedule: 'Reschedule',
    noneMatch: 'No vaccinations match this filter.',
    failedToAddVaccine: (vaccine: string) => `Failed to add vaccination: ${vaccine}.`,
    selectModeFor: (vaccine: string) => `Please select mode of administration for ${vaccine}`,
    /** The standard schedule's ages: 'Day 6', 'Week 3', 'Month 5'. */
    dayN: (n: number) => `Day ${n}`,
    weekN: (n: number) => `Week ${n}`,
    monthN: (n: number) => `Month ${n}`,
    overdue: 'Overdue',
    dueSoon: 'Due soon',
  },
  { sw: () => import('./sw/vaccinations-rules.js') as Promise<Catalogues> },
);


/**
 * The history's filters (beyond the first plan: decision 054). Overdue and due this week are pending
 * vaccinations by date (`due`), pending and done are statuses.
 */
export const VACCINATION_DUE_FILTERS = ['overdue', 'week'] as const;
export type VaccinationDueFilter = (typeof VACCINATION_DUE_FILTERS)[number];
export const VACCINATION_FILTERS = ['all', 'overdue', 'week', 'pending', 'done'] as const;
export type VaccinationFilter = (typeof VACCINATION_FILTERS)[number];
export const vaccinationFilterLabels: Record<VaccinationFilter, string> = words(
  'vaccinationFilters',
  {
    all: 'All',
    overdue: 'Overdue',
    week: 'Due this week',
    pending: 'Pending',
    done: 'Done',
  },
  { sw: () => import('./sw/vaccinations-rules.js') as Promise<Catalogues> },
);

/** The list query of a filter: its status or its due window, and overdue first unless done. */
export function vaccinationFilterQuery(filter: VaccinationFilter): { status?: VaccinationStatus; due?: VaccinationDueFilter; sort: 'due' | 'date' } {
  switch (filter) {
    case 'overdue':
    case 'week':
      return { due: filter, sort: 'due' };
    case 'pending':
      return { status: 'Pending', sort: 'due' };
    case 'done':
      return { status: 'Completed', sort: 'date' };
    default:
      return { sort: 'due' };
  }
}

/** A filter named in a URL (?due=overdue), or 'all'. */
export function parseVaccinationFilter(value: string | null | undefined): VaccinationFilter {
  return (VACCINATION_FILTERS as readonly string[]).includes(value ?? '') ? (value as VaccinationFilter) : 'all';
}

export const failedToAddVaccine = (vaccine: string) => vaccinationMessages.failedToAddVaccine(vaccine);
export const selectModeFor = (vaccine: string) => vaccinationMessages.selectModeFor(vaccine);

/** docs/product.md §9 Standard schedule by day of age; the mode each is usually given by. */
export const STANDARD_SCHEDULE = [
  { day: 1, vaccine: 'Mareks', mode: '1m' },
  { day: 6, vaccine: 'Newcastle and Infectious Bronchitis', mode: 'Drinking Water' },
  { day: 14, vaccine: 'Gumboro', mode: 'Drinking Water' },
  { day: 21, vaccine: 'Gumboro', mode: 'Drinking Water' },
  { day: 28, vaccine: 'Newcastle and Infectious Bronchitis', mode: 'Drinking Water' },
  { day: 42, vaccine: 'Fowl Pox', mode: 'Wing Stab' },
  { day: 56, vaccine: 'Fowl Typhoid', mode: 'Thigh Muscle' },
  { day: 126, vaccine: 'Dewormer', mode: 'Drinking Water' },
] as const satisfies readonly { day: number; vaccine: string; mode: (typeof STANDARD_SCHEDULE_MODES)[number] }[];
export type StandardVaccine = (typeof STANDARD_SCHEDULE)[number]['vaccine'];

/**
 * The standard schedule's vaccines in the page's language. A vaccination's name is the farm's
 * data, as its farmer or vet wrote it: the schedule writes its names in the language of whoever
 * applies it, and a stored name is shown as stored (decision 068).
 */
export const STANDARD_VACCINE_LABELS: Record<StandardVaccine, string> = words(
  'standardVaccines',
  {
    Mareks: 'Mareks',
    'Newcastle and Infectious Bronchitis': 'Newcastle and Infectious Bronchitis',
    Gumboro: 'Gumboro',
    'Fowl Pox': 'Fowl Pox',
    'Fowl Typhoid': 'Fowl Typhoid',
    Dewormer: 'Dewormer',
  },
  { sw: () => import('./sw/vaccinations-rules.js') as Promise<Catalogues> },
);

const DAY_MS = 24 * 60 * 60 * 1000;

/** The flock's creation date plus (day − 1) days. */
export function standardScheduleDate(flockCreatedAt: Date, day: number): Date {
  return new Date(flockCreatedAt.getTime() + (day - 1) * DAY_MS);
}

/** Up to 7 'Day n', up to 30 'Week n' (ceil days/7), else 'Month n' (ceil days/30). */
export function dayLabel(day: number): string {
  if (day <= 7) return vaccinationMessages.dayN(day);
  if (day <= 30) return vaccinationMessages.weekN(Math.ceil(day / 7));
  return vaccinationMessages.monthN(Math.ceil(day / 30));
}

export type DueState = 'overdue' | 'due_soon' | 'upcoming' | 'done';

/** Due-date colouring: a pending one in the past is overdue, within 7 days due soon. */
export function dueState(date: Date, status: VaccinationStatus, now: Date): DueState {
  if (status !== 'Pending') return 'done';
  if (date.getTime() < now.getTime()) return 'overdue';
  if (date.getTime() - now.getTime() <= VACCINATION_WARNING_DAYS * DAY_MS) return 'due_soon';
  return 'upcoming';
}

/** docs/product.md §7: the date travels as 'yyyy-MM-dd HH:mm:ss' in UTC. */
export function toApiDateTime(date: Date): string {
  return date.toISOString().slice(0, 19).replace('T', ' ');
}

export function fromApiDateTime(value: string): Date | null {
  const match = /^(\d{4})-(\d{2})-(\d{2}) (\d{2}):(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const date = new Date(`${value.replace(' ', 'T')}Z`);
  // new Date() rolls 2026-02-30 over to March: an impossible date must not pass.
  return Number.isNaN(date.getTime()) || toApiDateTime(date) !== value ? null : date;
}

/** A future-dated vaccination may only be Pending. */
export function isFutureCompleted(date: Date, status: VaccinationStatus, now: Date): boolean {
  return status === 'Completed' && date.getTime() > now.getTime();
}


/** An overdue vaccination older than this is not told again by the daily job (it is on the vaccinations screen). */
export const OVERDUE_VACCINATION_NOTICE_DAYS = 30;

/**
 * The daily job's view of a pending vaccination: due tomorrow (the farm's tomorrow: the reminder
 * worth a text, decision 076), due within VACCINATION_WARNING_DAYS, or overdue.
 */
export function vaccinationNotice(date: Date, now: Date, timeZone: string = DEFAULT_TIME_ZONE): 'tomorrow' | 'due' | 'overdue' | null {
  if (date.getTime() < now.getTime() - OVERDUE_VACCINATION_NOTICE_DAYS * DAY_MS) return null;
  if (date < now) return 'overdue';
  if (dayIn(date, timeZone) === shiftDay(dayIn(now, timeZone), 1)) return 'tomorrow';
  return date.getTime() - now.getTime() <= VACCINATION_WARNING_DAYS * DAY_MS ? 'due' : null;
}

/** Which vaccination it is, as sent or as answered (the phone's list of records). */
export const vaccinationLine = (r: { date: string; vaccine_name: string; status?: string }) => ({ day: r.date, detail: [r.vaccine_name, r.status].filter(Boolean).join(', ') });
