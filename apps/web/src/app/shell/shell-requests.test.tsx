import { NOTIFICATION_PAGE_SIZE } from '@kuku/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { shellRequestUrls } from '../../first-screen/shell-requests';
import { mockApi } from '../../test/fetch-mock';
import { renderApp } from '../../test/render';
import { signedInAs } from '../../test/signed-in';

describe("the shell's GETs that index.html's script asks for at a new address (docs/first-load.md)", () => {
  it.each(['/contact', '/inventory'])('are what the app itself asks for first on a signed-in screen (%s), to the letter', async (route) => {
    const requests = mockApi({ ...signedInAs('owner'), 'GET /notifications': { body: { items: [], total: 0, page: 1, pageSize: NOTIFICATION_PAGE_SIZE } } });
    renderApp({ route });
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    const asked = () => requests.filter((r) => r.method === 'GET').map((r) => `/api${r.path}${r.query.size > 0 ? `?${r.query}` : ''}`);
    await waitFor(() => expect(asked()).toEqual(expect.arrayContaining(shellRequestUrls(NOTIFICATION_PAGE_SIZE))));
  });
});
