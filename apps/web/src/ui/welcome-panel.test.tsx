import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { WelcomePanel } from './welcome-panel';

describe('WelcomePanel', () => {
  it('is a region named by its title, with its line and its buttons', () => {
    renderWithProviders(
      <WelcomePanel id="probe-welcome" title="Let's Track Your Expenses" text="Where the money goes.">
        <button type="button">New Expense</button>
        <button type="button">Edit Budget</button>
      </WelcomePanel>,
    );
    const region = screen.getByRole('region', { name: "Let's Track Your Expenses" });
    expect(within(region).getByRole('heading', { level: 2 })).toHaveTextContent("Let's Track Your Expenses");
    expect(within(region).getByText('Where the money goes.')).toBeInTheDocument();
    expect(within(region).getAllByRole('button').map((b) => b.textContent)).toEqual(['New Expense', 'Edit Budget']);
  });
});
