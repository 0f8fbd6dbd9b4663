import { offlineWords } from '@kuku/domain';
import { onlineManager, useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTestQueryClient, renderWithProviders } from '../test/render';
import { NeedsConnection } from './needs-connection';

/** A part of a screen that reads `key`, never answered while the phone has no signal. */
function Part({ queryKey }: { queryKey: string[] }) {
  const query = useQuery({ queryKey, queryFn: () => new Promise<string>(() => undefined) });
  return <p>{query.data ?? 'loading'}</p>;
}

describe('NeedsConnection', () => {
  it('says so with no signal while a part of the screen waits for an answer the phone never kept', async () => {
    onlineManager.setOnline(false);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['kept'], 'as last read');
    renderWithProviders(
      <>
        <NeedsConnection />
        <Part queryKey={['kept']} />
        <Part queryKey={['never-read']} />
      </>,
      { queryClient },
    );
    expect(await screen.findByText(offlineWords.needsConnection)).toBeInTheDocument();
    expect(screen.getByText('as last read')).toBeInTheDocument();

    // The signal back: the part is being read, and the note goes.
    act(() => onlineManager.setOnline(true));
    expect(screen.queryByText(offlineWords.needsConnection)).not.toBeInTheDocument();
  });

  it('says nothing when the whole screen is the farm as last read', () => {
    onlineManager.setOnline(false);
    const queryClient = createTestQueryClient();
    queryClient.setQueryData(['kept'], 'as last read');
    renderWithProviders(
      <>
        <NeedsConnection />
        <Part queryKey={['kept']} />
      </>,
      { queryClient },
    );
    expect(screen.queryByText(offlineWords.needsConnection)).not.toBeInTheDocument();
  });
});
