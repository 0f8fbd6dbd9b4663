import { describe, expect, it } from 'vitest';
import { acceptInvitationSchema, changeRoleSchema, inviteMemberSchema } from './staff.js';
import { can, canOpen, PERMISSIONS, ROLES, type Permission } from './common/roles.js';
import { INVITABLE_ROLES, routePermission, ROUTE_PERMISSIONS, staffMessages } from './staff-rules.js';

const isPermission = (key: string): key is Permission => key in PERMISSIONS;
const permissions = Object.keys(PERMISSIONS).filter(isPermission);

describe('the role table (docs/design.md §6)', () => {
  it('gives the owner everything and billing and staff to the owner alone', () => {
    for (const permission of permissions) expect(can('owner', permission)).toBe(true);
    for (const role of ['manager', 'worker', 'auditor'] as const) {
      expect(can(role, 'billing')).toBe(false);
      expect(can(role, 'staff')).toBe(false);
    }
  });

  it('lets a manager run every record and report', () => {
    for (const p of ['flocks.write', 'eggs.write', 'sales.write', 'expenses.write', 'inventory.write', 'finance.write', 'reports.write'] as const) {
      expect(can('manager', p)).toBe(true);
    }
  });

  it('lets a worker record eggs, bird counts, vaccinations and stock removals, and see no money', () => {
    for (const p of ['eggs.write', 'flocks.count', 'vaccinations.write', 'inventory.remove', 'flocks.read', 'inventory.read'] as const) expect(can('worker', p)).toBe(true);
    for (const p of ['flocks.write', 'inventory.write', 'sales.read', 'expenses.read', 'finance.read', 'dashboard.read', 'reports.read'] as const) {
      expect(can('worker', p)).toBe(false);
    }
  });

  it('lets an auditor read everything but billing and staff, and change nothing', () => {
    for (const permission of permissions) {
      const reads = permission === 'account' || permission.endsWith('.read');
      expect(can('auditor', permission), permission).toBe(reads);
    }
  });

  it("decides a flock's PUT by its body: a status manages the flock, a bird count does not", () => {
    expect(routePermission('PUT /api/flocks/:id', { bird_count: 90, reason: 'mortality' })).toBe('flocks.count');
    expect(routePermission('PUT /api/flocks/:id', { status: 'sold' })).toBe('flocks.write');
    expect(routePermission('PUT /api/flocks/:id', { bird_count: 90, status: 'sold' })).toBe('flocks.write');
    expect(routePermission('PUT /api/flocks/:id', null)).toBe('flocks.count');
    expect(routePermission('GET /api/nowhere', {})).toBeNull();
  });

  it('names a known permission for every route', () => {
    for (const key of Object.keys(ROUTE_PERMISSIONS)) {
      expect(key).toMatch(/^(GET|POST|PUT|PATCH|DELETE) \/api\//);
      expect(Object.keys(PERMISSIONS)).toContain(routePermission(key, {}));
    }
  });

  it('opens screens by role, with or without parameters, and everyone their own pages', () => {
    expect(canOpen('worker', '/vaccination/12?x=1')).toBe(true);
    expect(canOpen('worker', '/sales-management')).toBe(false);
    expect(canOpen('worker', '/finances#top')).toBe(false);
    expect(canOpen('auditor', '/finances')).toBe(true);
    expect(canOpen('manager', '/billing')).toBe(false);
    expect(canOpen('manager', '/user-registration')).toBe(false);
    for (const role of ROLES) for (const path of ['/', '/my-profile', '/contact', '/onboarding']) expect(canOpen(role, path)).toBe(true);
  });
});

describe('staff forms', () => {
  it('invites with a username, an email and a role an owner can give', () => {
    expect(inviteMemberSchema.parse({ username: ' otieno ', email: 'Otieno@Example.com', role: 'worker' })).toEqual({ username: 'otieno', email: 'otieno@example.com', role: 'worker' });
    for (const role of ['owner', 'admin', '', undefined]) {
      const result = inviteMemberSchema.safeParse({ username: 'otieno', email: 'o@example.com', role });
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(staffMessages.roleRequired);
    }
    expect(INVITABLE_ROLES).not.toContain('owner');
    expect(changeRoleSchema.safeParse({ role: 'auditor' }).success).toBe(true);
  });

  it('accepts an invitation with the 6-digit code and a password of at least 8 characters', () => {
    expect(acceptInvitationSchema.safeParse({ email: 'o@example.com', otp: '123456', new_password: 'long enough' }).success).toBe(true);
    expect(acceptInvitationSchema.safeParse({ email: 'o@example.com', otp: '12345', new_password: 'long enough' }).success).toBe(false);
    expect(acceptInvitationSchema.safeParse({ email: 'o@example.com', otp: '123456', new_password: 'short' }).success).toBe(false);
  });
});
