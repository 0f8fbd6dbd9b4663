import { flockBinMessages as bin, type DeletedFlock, type DeletedFlockList } from '@kuku/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../test/fetch-mock';
import { createTestQueryClient, renderWithProviders } from '../../../test/render';
import { flockKeys } from '../api';
import { RecentlyDeletedModal } from './recently-deleted-modal';

const entry = (id: number): DeletedFlock => ({
  id,
  flock_id: 50,
  name: 'Bin flock',
  counts: { sales: 1 },
  deleted_at: '2026-11-29T09:00:00.000Z',
  deleted_by: 'jane',
  expires_at: '2026-12-29T09:00:00.000Z',
});

describe('RecentlyDeletedModal', () => {
  it('offers no Restore on a list read before, until it is read again (an Undo may have restored that entry)', async () => {
    let answer: (list: DeletedFlockList) => void = () => undefined;
    const fresh = new Promise<DeletedFlockList>((resolve) => (answer = resolve));
    mockApi({ 'GET /flocks/deleted': async () => ({ body: await fresh }) });
    const queryClient = createTestQueryClient();
    // The list as an Undo left it: entry 1, since restored; the flock was deleted again as entry 2.
    queryClient.setQueryData(flockKeys.deleted(), { items: [entry(1)] });
    await queryClient.invalidateQueries({ queryKey: flockKeys.deleted() });
    renderWithProviders(<RecentlyDeletedModal opened onClose={() => {}} />, { queryClient });

    const restore = await screen.findByRole('button', { name: `${bin.restore} Bin flock` });
    expect(restore).toBeDisabled();
    answer({ items: [entry(2)] });
    await expect.poll(() => screen.getByRole('button', { name: `${bin.restore} Bin flock` }).hasAttribute('disabled')).toBe(false);
  });
});
