import { Button, Group, Text } from '@mantine/core';
import { useState } from 'react';

interface UndoMessageProps {
  /** What was done: 'Layers batch 2 was deleted.' */
  text: string;
  /** The button's word ('Undo'), from the feature's words. */
  undoLabel: string;
  onUndo: () => Promise<void>;
}

/** A toast's body for a change that can be taken back: what was done, and an Undo busy while it runs. */
export function UndoMessage({ text, undoLabel, onUndo }: UndoMessageProps) {
  const [pending, setPending] = useState(false);
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm">{text}</Text>
      <Button
        size="compact-sm"
        variant="light"
        style={{ flexShrink: 0 }}
        loading={pending}
        onClick={() => {
          setPending(true);
          void onUndo().finally(() => setPending(false));
        }}
      >
        {undoLabel}
      </Button>
    </Group>
  );
}
