import type { Role } from '@kuku/domain';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../lib/current-user';
import { setToken } from '../../lib/session';
import { mockApi } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../test/render';
import { NavLinks } from './nav-links';

function linksFor(role: Role): string[] {
  setToken('tok-1');
  mockApi({});
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ role }));
  renderWithProviders(<NavLinks />, { queryClient });
  return within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

const MONEY = ['Sales', 'Expenses', 'Finances', 'Reports'];

describe('NavLinks by role (docs/design.md §6)', () => {
  it('shows the owner every screen, User Registration and Billing among them', () => {
    const links = linksFor('owner');
    expect(links).toEqual(expect.arrayContaining([...MONEY, 'Billing', 'User Registration', 'Egg Production', 'My Profile']));
  });

  it("lists docs/product.md §2's navigation in its order, each entry its screen's address", () => {
    expect(linksFor('owner')).toEqual([
      'Dashboard',
      'Flock Management',
      'Egg Production',
      'Sales',
      'Expenses',
      'Inventory',
      'Stock count',
      'Vaccinations',
      'Finances',
      'Weekly summaries',
      'Reports',
      'Billing',
      'User Registration',
      'Getting Started',
      'Contact',
      'My Profile',
    ]);
    const hrefs = within(screen.getByRole('navigation', { name: 'Main' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/',
      '/bird-management',
      '/egg-production',
      '/sales-management',
      '/expenses',
      '/inventory',
      '/stock-count',
      '/vaccination?all=true',
      '/finances',
      '/weekly-summaries',
      '/reports',
      '/billing',
      '/user-registration',
      '/onboarding',
      '/contact',
      '/my-profile',
    ]);
  });

  it('shows a worker no money screens, no Billing and no User Registration', () => {
    const links = linksFor('worker');
    for (const label of [...MONEY, 'Billing', 'User Registration', 'Weekly summaries']) expect(links).not.toContain(label);
    expect(links).toEqual(expect.arrayContaining(['Dashboard', 'Flock Management', 'Egg Production', 'Inventory', 'Vaccinations', 'My Profile']));
  });

  it('shows a manager and an auditor the money screens, but neither Billing nor User Registration', () => {
    for (const role of ['manager', 'auditor'] as const) {
      const links = linksFor(role);
      expect(links).toEqual(expect.arrayContaining(MONEY));
      expect(links).not.toContain('Billing');
      expect(links).not.toContain('User Registration');
      cleanup();
    }
  });
});
