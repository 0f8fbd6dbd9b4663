/**
 * Roles on a farm (docs/design.md §6) and what each may do, in one table the server enforces
 * per route and the web reads to hide what a role cannot use. Without zod: the
 * navigation reads it on every screen. The schemas are in staff.ts.
 */
import { recordAuthorMessages } from './shell-words.js';
import { words, type Catalogues } from './common/words.js';
import { asksForEverything } from './flocks-rules.js';

// The role table lives in common/roles.ts (exported from the index beside this module): the
// navigation of every screen reads it, and this module's words would come with it (decision 017).
import type { Permission, Role } from './common/roles.js';

/** The roles an owner can give; a farm has one owner, who registered it. */
export const INVITABLE_ROLES = ['manager', 'worker', 'auditor'] as const;
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const roleLabels: Record<Role, string> = words(
  'roleLabels',
  {
    owner: 'Owner',
    manager: 'Manager',
    worker: 'Worker',
    auditor: 'Auditor',
  },
  { sw: () => import('./sw/staff-rules.js') as Promise<Catalogues> },
);

export const roleDescriptions: Record<Role, string> = words(
  'roleDescriptions',
  {
    owner: 'Everything, including billing and staff.',
    manager: 'Every record and report; no billing, no staff.',
    worker: 'Records eggs, bird counts, vaccinations and stock removals. No money screens or reports.',
    auditor: 'Reads everything, including finance; changes nothing.',
  },
  { sw: () => import('./sw/staff-rules.js') as Promise<Catalogues> },
);


/** A flock's PUT carries a bird count or a status (docs/product.md §7): a status is a flock's management. */
const flockUpdatePermission = (body: unknown): Permission =>
  typeof body === 'object' && body !== null && 'status' in body && body.status !== undefined
    ? 'flocks.write'
    : 'flocks.count';

/** A flock's DELETE archives (a manager's too); deleting its money records with it is the owner's (decision 052). */
const flockDeletePermission = (_body: unknown, query: unknown): Permission => (asksForEverything(query) ? 'flocks.erase' : 'flocks.write');

/**
 * Every private /api route, 'METHOD /path' as the server registers it, and the
 * permission it needs. A private route missing here stops the server at start-up.
 */
export const ROUTE_PERMISSIONS: Record<string, Permission | ((body: unknown, query: unknown) => Permission)> = {
  'GET /api/auth/me': 'account',
  'POST /api/auth/logout': 'account',
  'PUT /api/auth/update-profile': 'account',
  'PUT /api/auth/language': 'account',
  'POST /api/auth/confirm-email-change': 'account',
  'POST /api/auth/update-profile-picture': 'account',
  'POST /api/profile/phone/code': 'account',
  'POST /api/profile/phone/confirm': 'account',
  'GET /api/profile/notices': 'account',
  'PUT /api/profile/notices': 'account',
  'GET /api/onboarding': 'account',
  'POST /api/contact': 'account',
  'GET /api/contact/support': 'account',
  'GET /api/notifications': 'account',
  'POST /api/notifications/:id/read': 'account',
  'DELETE /api/notifications/:id': 'account',
  'POST /api/notifications/read-all': 'account',
  'GET /api/push/public-key': 'account',
  'POST /api/push/subscribe': 'account',
  'POST /api/notifications/subscribe': 'account',
  'DELETE /api/push/subscribe': 'account',

  'GET /api/flocks': 'flocks.read',
  'GET /api/flocks/stats': 'flocks.read',
  'GET /api/flocks/deleted': 'flocks.erase',
  'POST /api/flocks/deleted/:id/restore': 'flocks.erase',
  'GET /api/flocks/:id': 'flocks.read',
  'GET /api/flocks/:id/history': 'flocks.read',
  'POST /api/flocks': 'flocks.write',
  'PUT /api/flocks/:id': flockUpdatePermission,
  'POST /api/flocks/:id/bird-count-changes': 'flocks.count',
  'DELETE /api/flocks/:id': flockDeletePermission,

  'GET /api/vaccinations': 'vaccinations.read',
  'GET /api/vaccinations/stats': 'vaccinations.read',
  'GET /api/flocks/:flockId/vaccinations': 'vaccinations.read',
  'POST /api/flocks/:flockId/vaccinations': 'vaccinations.write',
  'POST /api/flocks/:flockId/vaccinations/standard-schedule': 'vaccinations.write',
  'PUT /api/flocks/:flockId/vaccinations/:id': 'vaccinations.write',
  'DELETE /api/flocks/:flockId/vaccinations/:id': 'vaccinations.write',

  'GET /api/egg-productions': 'eggs.read',
  'GET /api/egg-productions/stats': 'eggs.read',
  'GET /api/egg-productions/series': 'eggs.read',
  'GET /api/egg-productions/day': 'eggs.read',
  'POST /api/egg-productions': 'eggs.write',
  'POST /api/egg-productions/day': 'eggs.write',
  'PUT /api/egg-productions/:id': 'eggs.write',
  'DELETE /api/egg-productions/:id': 'eggs.write',
  'GET /api/egg-adjustments': 'eggs.read',
  'POST /api/egg-adjustments': 'eggs.write',
  'PUT /api/egg-adjustments/:id': 'eggs.write',
  'DELETE /api/egg-adjustments/:id': 'eggs.write',

  'GET /api/sales': 'sales.read',
  'GET /api/sales/stats': 'sales.read',
  'GET /api/sales/series': 'sales.read',
  'GET /api/sales/flock/:flockId': 'sales.read',
  'GET /api/sales/debtors': 'sales.read',
  'POST /api/sales/status': 'sales.write',
  'POST /api/sales': 'sales.write',
  // Closing a broiler batch sells its birds and archives it (decision 072): a sale.
  'POST /api/flocks/:flockId/close': 'sales.write',
  'PUT /api/sales/:id': 'sales.write',
  'DELETE /api/sales/:id': 'sales.write',

  'GET /api/expenses': 'expenses.read',
  'GET /api/expenses/stats': 'expenses.read',
  'GET /api/expenses/series': 'expenses.read',
  'POST /api/expenses': 'expenses.write',
  'PUT /api/expenses/:id': 'expenses.write',
  'DELETE /api/expenses/:id': 'expenses.write',
  'GET /api/budget': 'expenses.read',
  'POST /api/budget': 'expenses.write',
  'PUT /api/budget/:month/:year': 'expenses.write',
  'DELETE /api/budget/:id': 'expenses.write',

  'GET /api/inventory': 'inventory.read',
  'GET /api/inventory/stats': 'inventory.read',
  'GET /api/inventory/:id/movements': 'inventory.read',
  'POST /api/inventory': 'inventory.write',
  'PUT /api/inventory/:id': 'inventory.write',
  'DELETE /api/inventory/:id': 'inventory.write',
  'POST /api/inventory/:id/restock': 'inventory.write',
  'POST /api/inventory/:id/remove': 'inventory.remove',
  // Feed given to a flock is a stock removal (decision 070): the worker records it too.
  'GET /api/feed': 'inventory.read',
  'GET /api/feed/days-left': 'inventory.read',
  // The owner's weekly summary (decision 078).
  'GET /api/summaries': 'summaries.read',
  'GET /api/summaries/:id': 'summaries.read',
  'POST /api/summaries/current': 'summaries.write',
  'GET /api/flocks/:flockId/feed': 'inventory.read',
  'GET /api/flocks/:flockId/feed/usual': 'inventory.read',
  'POST /api/flocks/:flockId/feed': 'inventory.remove',
  'PATCH /api/feed/:id': 'inventory.remove',
  'DELETE /api/feed/:id': 'inventory.remove',
  // Every role reads the figures; a role without money gets them without the money ones (MONEY_FIELDS).
  'GET /api/flocks/:flockId/economics': 'flocks.read',
  'GET /api/flocks/:flockId/economics/weeks': 'flocks.read',
  'GET /api/economics': 'flocks.read',
  // A broiler batch's sample weighing: whoever counts the birds weighs them.
  'GET /api/flocks/:flockId/weighings': 'flocks.read',
  'POST /api/flocks/:flockId/weighings': 'flocks.count',
  'DELETE /api/weighings/:id': 'flocks.count',

  // Stock counts (decision 077); the balance checks carry money, so they are read with the finances.
  'GET /api/stock-counts': 'counts.read',
  'POST /api/stock-counts': 'counts.write',
  'DELETE /api/stock-counts/:id': 'counts.delete',
  'GET /api/stock-counts/margin': 'counts.read',
  'PUT /api/stock-counts/margin': 'counts.margin',
  'GET /api/stock-counts/balances': 'finance.read',

  'GET /api/stats/dashboard': 'dashboard.read',
  // Every role reads flocks; the answer leaves out each part the role may not read (decision 056).
  'GET /api/today': 'flocks.read',
  'GET /api/flock-financial': 'finance.read',
  'GET /api/flock-financial/flock/:flockId': 'finance.read',
  'PUT /api/flock-financial': 'finance.write',
  'DELETE /api/flock-financial/flock/:flockId': 'finance.write',

  'GET /api/reports': 'reports.read',
  'GET /api/reports/user/:userId': 'reports.read',
  'GET /api/reports/:id': 'reports.read',
  'POST /api/reports/sales': 'reports.write',
  'POST /api/reports/expenses': 'reports.write',
  'POST /api/reports/egg-production': 'reports.write',
  'POST /api/reports/flock': 'reports.write',
  'POST /api/reports/inventory': 'reports.write',
  'POST /api/reports/financial': 'reports.write',
  'DELETE /api/reports/:id': 'reports.write',

  'GET /api/payments': 'billing',
  'GET /api/payments/plan': 'billing',
  'POST /api/payments/initiate': 'billing',
  'GET /api/payments/status/:reference': 'billing',
  'POST /api/paystack/initiate': 'billing',
  'GET /api/paystack/status/:reference': 'billing',

  'GET /api/sms/usage': 'sms.read',
  'PUT /api/sms/settings': 'billing',

  'GET /api/staff': 'staff',
  'POST /api/staff': 'staff',
  'PUT /api/staff/:userId': 'staff',
  'DELETE /api/staff/:userId': 'staff',
  'POST /api/staff/:userId/resend': 'staff',
};

/** The permission a request needs, or null for a route the table does not know. */
export function routePermission(key: string, body: unknown, query?: unknown): Permission | null {
  const entry = ROUTE_PERMISSIONS[key];
  if (entry === undefined) return null;
  return typeof entry === 'function' ? entry(body, query) : entry;
}

/** Invitations last longer than a sign-in code: a worker may read the mail days later. */
export const INVITATION_TTL_DAYS = 7;
/** Members of a farm at most, the owner included. */
export const STAFF_MAX = 50;
/**
 * Invitation mails a farm may send in a day (invitations and resends; a removal gives none back),
 * and one address may receive from any farms: an invitation mails an outside address.
 */
export const INVITATIONS_PER_FARM_PER_DAY = 20;
export const INVITATIONS_PER_ADDRESS_PER_DAY = 3;

export const staffMessages = words(
  'staff',
  {
    title: 'User Registration',
    subtitle: 'The people who work on your farm, each with their own login.',
    addMember: 'Add Member',
    invite: 'Send Invitation',
    inviting: 'Sending...',
    username: 'Username',
    email: 'Email',
    role: 'Role',
    lastSignIn: 'Last sign-in',
    never: 'Never',
    invited: 'Invited',
    you: 'You',
    changeRole: 'Change Role',
    changeRoleOf: (username: string) => `Change the role of ${username}`,
    actions: 'Actions',
    memberList: 'Members',
    member: 'Member',
    memberCount: (n: number) => (n === 1 ? '1 member' : `${n} members`),
    listLoading: 'Loading members...',
    listFailed: 'Could not load the members. Please try again.',
    failed: 'Something went wrong. Please try again.',
    cancel: 'Cancel',
    confirmPassword: 'Confirm Password',
    newPassword: 'New Password',
    usernameHint: 'Letters, digits and _',
    remove: 'Remove',
    resend: 'Resend Invitation',
    confirmRemove: (username: string) => `Remove ${username} from the farm? Their sessions end at once.`,
    empty: 'No one else works on this farm yet. Add a member to give them their own login.',
    invitationSent: (email: string) => `Invitation sent to ${email}.`,
    invitationResent: (email: string) => `A new invitation code was sent to ${email}.`,
    roleChanged: (username: string, role: Role) => `${username} is now ${roleLabels[role].toLowerCase() === 'auditor' ? 'an' : 'a'} ${roleLabels[role]}.`,
    removed: (username: string) => `${username} was removed from the farm.`,
    // Refusals.
    forbidden: "Your role on this farm doesn't allow this. Ask the farm's owner.",
    /** The heading of a screen the role may not open (a typed address). */
    forbiddenTitle: 'Not open to your role',
    backToDashboard: 'Back to Dashboard',
    // A member who is not the owner (billing is the owner's): told who pays, shown no payment form.
    // Here rather than in billing-rules: the billing words load with every screen's shell.
    ownerMustRenewTitle: "The farm's subscription has ended",
    ownerMustRenew: "Only the farm's owner can pay for Kuku. Ask them to renew the subscription; your records are kept until then.",
    ownerMustResume: "The farm's subscription is paused. Ask the farm's owner to pay to resume it.",
    roleRequired: 'Please choose a role.',
    alreadyMember: 'This person is already a member of your farm.',
    otherFarm: 'That email belongs to a Kuku account of another farm.',
    usernameTaken: 'That username is already taken.',
    notAMember: 'No such member on this farm.',
    ownerStays: "The farm's owner cannot be changed or removed.",
    notInvited: 'This member has already joined.',
    tooMany: `A farm can have at most ${STAFF_MAX} members.`,
    /** Production without PUBLIC_URL: an invitation's link would have no trustworthy address (decision 050). */
    noPublicAddress: "Invitations can't be sent yet: this Kuku server has no public address. Ask whoever runs it to set PUBLIC_URL.",
    tooManyInvitations: `Your farm can send at most ${INVITATIONS_PER_FARM_PER_DAY} invitations a day. Please try again tomorrow.`,
    tooManyInvitationsToAddress: `This address has had ${INVITATIONS_PER_ADDRESS_PER_DAY} invitations today, the most a day. Please try again tomorrow.`,
    // The invitee's side (/auth?invitation).
    acceptTitle: 'Join your farm on Kuku',
    acceptIntro: 'Enter the 6-digit code from your invitation and choose a password.',
    accept: 'Join Farm',
    accepting: 'Joining...',
    accepted: 'Welcome to Kuku! You have joined the farm.',
    invitationInvalid: 'Invalid or expired invitation code. Ask the farm owner to send a new invitation.',
    removedFromFarm:
      'You are no longer a member of a farm on Kuku. Ask the farm owner to invite you again, or create an account with your email to start a farm of your own.',
    // Records: who made and changed them.
    ...recordAuthorMessages,
  },
  { sw: () => import('./sw/staff-rules.js') as Promise<Catalogues> },
);
