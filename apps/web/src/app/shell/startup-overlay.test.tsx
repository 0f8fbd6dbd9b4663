import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { StartupOverlay, type StartupStep } from './startup-overlay';

function deferred() {
  let resolve: () => void = () => {};
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

describe('StartupOverlay', () => {
  it('reports the share of start-up steps done, then goes away', async () => {
    const user = deferred();
    const notifications = deferred();
    const steps: StartupStep[] = [() => user.promise, () => notifications.promise];
    renderWithProviders(<StartupOverlay steps={steps} />);

    expect(screen.getByText('Loading Poultry Data...')).toBeInTheDocument();
    expect(screen.getByText('0%')).toBeInTheDocument();

    user.resolve();
    expect(await screen.findByText('50%')).toBeInTheDocument();

    notifications.resolve();
    await expect.poll(() => screen.queryByText('Loading Poultry Data...')).toBeNull();
  });

  it('goes on when a step fails (logged only)', async () => {
    const steps: StartupStep[] = [() => Promise.reject(new Error('offline')), () => Promise.resolve()];
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderWithProviders(<StartupOverlay steps={steps} />);

    await expect.poll(() => screen.queryByText('Loading Poultry Data...')).toBeNull();
    expect(warn).toHaveBeenCalledOnce();
    warn.mockRestore();
  });
});
