import { contactMessages as m } from '@kuku/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { currentUserKey } from '../../../lib/current-user';
import { mockApi } from '../../../test/fetch-mock';
import { makeUser } from '../../../test/fixtures';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { ContactPage } from './contact-page';


describe('ContactPage', () => {
  it("shows the heading, the intro and the form with the user's name and email", () => {
    mockApi({});
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(currentUserKey, makeUser({ username: 'wanjiku', email: 'wanjiku@example.com' }));
    renderWithProviders(<ContactPage />, { queryClient, route: '/contact' });

    expect(screen.getByRole('heading', { level: 1, name: m.title })).toBeInTheDocument();
    expect(screen.getByText(m.intro)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Name/ })).toHaveValue('wanjiku');
    expect(screen.getByRole('textbox', { name: /^Email/ })).toHaveValue('wanjiku@example.com');
    expect(screen.getByRole('button', { name: m.send })).toBeInTheDocument();
  });
});
