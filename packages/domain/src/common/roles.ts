/**
 * Roles on a farm (docs/design.md §6): what each may do and which screens each may open, without words
 * or zod: the navigation of every screen reads it. Exported from the index beside staff-rules.ts,
 * which keeps the words and the server's table of routes.
 */
import { SCREEN_IDS, SCREENS, type ScreenEntry } from './screens.js';

export const ROLES = ['owner', 'manager', 'worker', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

const all = ROLES;
const runsRecords = ['owner', 'manager'] as const satisfies readonly Role[];
const handsOn = ['owner', 'manager', 'worker'] as const satisfies readonly Role[];
const moneyRoles = ['owner', 'manager', 'auditor'] as const satisfies readonly Role[];
const ownerOnly = ['owner'] as const satisfies readonly Role[];
const ownerAndAuditor = ['owner', 'auditor'] as const satisfies readonly Role[];

/** Each permission and the roles that hold it. */
export const PERMISSIONS = {
  /** One's own account, notifications, onboarding and support. */
  account: all,
  'flocks.read': all,
  'flocks.write': runsRecords,
  /** A flock deleted with its money records, and the deleted flocks it can be brought back from: the owner's. */
  'flocks.erase': ownerOnly,
  /** A bird-count change (deaths, birds sold or added) on an existing flock. */
  'flocks.count': handsOn,
  'eggs.read': all,
  'eggs.write': handsOn,
  'vaccinations.read': all,
  'vaccinations.write': handsOn,
  'inventory.read': all,
  'inventory.write': runsRecords,
  'inventory.remove': handsOn,
  'sales.read': moneyRoles,
  'sales.write': runsRecords,
  'expenses.read': moneyRoles,
  'expenses.write': runsRecords,
  'finance.read': moneyRoles,
  'finance.write': runsRecords,
  /** The dashboard's figures: money among them. */
  'dashboard.read': moneyRoles,
  'reports.read': moneyRoles,
  'reports.write': runsRecords,
  /** Stock counts (decision 077): everyone reads them, whoever works the farm counts, the managers delete, the owner sets the margin. */
  'counts.read': all,
  'counts.write': handsOn,
  'counts.delete': runsRecords,
  'counts.margin': ownerOnly,
  billing: ownerOnly,
  /** What the farm's texts cost (decision 076): the owner's, and the auditor reads it. */
  'sms.read': ['owner', 'auditor'],
  staff: ownerOnly,
  /** The owner's weekly summary (decision 078): the owner's, read by the auditor too. */
  'summaries.read': ownerAndAuditor,
  'summaries.write': ownerOnly,
} as const satisfies Record<string, readonly Role[]>;
export type Permission = keyof typeof PERMISSIONS;

export function can(role: Role, permission: Permission): boolean {
  return (PERMISSIONS[permission] as readonly Role[]).includes(role);
}

/**
 * Money is read with the farm's finances: a role without this permission (the worker, docs/design.md §6
 * and the README's "no money screens") gets no money field in any answer, and its screens show none.
 */
export const MONEY_PERMISSION: Permission = 'finance.read';

export function seesMoney(role: Role): boolean {
  return can(role, MONEY_PERMISSION);
}

/**
 * Every money field of an answer a role without MONEY_PERMISSION may receive, by name: the server
 * leaves them out of such a role's answers, at any depth. The authorization matrix checks that the
 * response schemas of the routes such a role may call name no other money field.
 */
export const MONEY_FIELDS = [
  'price_per_unit',
  'price_per_unit_cents',
  'total_revenue',
  'total_revenue_cents',
  'cost_per_unit',
  'cost_per_unit_cents',
  'value_cents',
  'stock_value_cents',
  // A feed record's cost (decision 070).
  'cost_cents',
  'cost',
  // A flock's economics (decision 071): what a tray or a kilo costs and brings.
  'feed_cost_cents',
  'feed_cost_per_tray_cents',
  'cost_per_tray_cents',
  'price_per_tray_cents',
  'margin_per_tray_cents',
  'cost_per_kg_cents',
  'revenue_per_kg_cents',
  // A broiler batch's sales and profit (decision 072).
  'sales_cents',
  'profit_cents',
  // Today's credit part (decision 056): null for a role without money, and stripped all the same.
  'owed_cents',
] as const;

/** List sorts by a money column (the egg list's revenue, the inventory's cost and value): their order tells the amounts' order. */
export const MONEY_SORTS = ['revenue', 'cost', 'value'] as const;

/** A path's first segment ('/vaccination/12?all=true' → '/vaccination'): what canOpen decides by. */
function firstSegment(path: string): string {
  return `/${path.split(/[?#]/)[0]?.split('/')[1] ?? ''}`;
}

/**
 * The screens a role may open, by the first segment of their route (docs/product.md §2), read from
 * each screen's permission in screens.ts; a screen not listed is everyone's.
 */
export const SCREEN_PERMISSIONS: Readonly<Record<string, Permission>> = Object.fromEntries(
  SCREEN_IDS.flatMap((id) => {
    const { path, permission }: ScreenEntry = SCREENS[id];
    return permission ? [[firstSegment(path), permission]] : [];
  }),
);

/** Whether a role may open a screen (its path, with or without parameters). */
export function canOpen(role: Role, path: string): boolean {
  const permission = SCREEN_PERMISSIONS[firstSegment(path)];
  return permission === undefined || can(role, permission);
}
