import { Loader, LoadingOverlay, Progress, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';

export type StartupStep = () => Promise<unknown>;

/** SPEC §4 Start-up: the stores load one after another; progress is the share completed. */
export function useStartup(steps: readonly StartupStep[]): { percent: number; done: boolean } {
  const [completed, setCompleted] = useState(0);
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      for (const [index, step] of steps.entries()) {
        try {
          await step();
        } catch (error) {
          // SPEC §8: a start-up store failure is logged only, with no message to the user.
          console.warn('Start-up step failed', error);
        }
        if (cancelled) return;
        setCompleted(index + 1);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [steps]);
  const total = steps.length;
  return { percent: total === 0 ? 100 : Math.round((completed / total) * 100), done: completed >= total };
}

interface StartupOverlayProps {
  steps: readonly StartupStep[];
}

export function StartupOverlay({ steps }: StartupOverlayProps) {
  const { percent, done } = useStartup(steps);
  return (
    <LoadingOverlay
      visible={!done}
      pos="fixed"
      zIndex={300}
      overlayProps={{ blur: 2 }}
      transitionProps={{ duration: 200 }}
      loaderProps={{
        children: (
          <Stack align="center" gap="sm" role="status" aria-live="polite">
            <Loader />
            <Text fw={600}>Loading Poultry Data...</Text>
            <Progress value={percent} w={220} aria-label="Loading progress" />
            <Text fz="sm" c="dimmed">
              {percent}%
            </Text>
          </Stack>
        ),
      }}
    />
  );
}
