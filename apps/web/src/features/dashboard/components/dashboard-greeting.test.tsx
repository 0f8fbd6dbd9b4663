import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { DashboardGreeting } from './dashboard-greeting';

// 06:00 UTC is 09:00 in Nairobi; 10:00 UTC is 13:00; 16:00 UTC is 19:00.
describe('DashboardGreeting', () => {
  it.each([
    ['2025-03-03T06:00:00Z', 'Good Morning, jane'],
    ['2025-03-03T10:00:00Z', 'Good Afternoon, jane'],
    ['2025-03-03T16:00:00Z', 'Good Evening, jane'],
  ])('at %s greets with the farm clock: %s', (instant, expected) => {
    renderWithProviders(<DashboardGreeting username="jane" timeZone="Africa/Nairobi" now={new Date(instant)} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(expected);
  });

  it('follows the farm zone, not the phone', () => {
    // 11:30 UTC is 14:30 in Nairobi but 06:30 in New York.
    renderWithProviders(
      <DashboardGreeting username="jane" timeZone="America/New_York" now={new Date('2025-03-03T11:30:00Z')} />,
    );
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good Morning, jane');
  });

  it('greets a missing name as Guest', () => {
    renderWithProviders(<DashboardGreeting username="" timeZone="Africa/Nairobi" now={new Date('2025-03-03T06:00:00Z')} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Good Morning, Guest');
  });
});
