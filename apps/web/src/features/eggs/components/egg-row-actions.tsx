import { ActionIcon, Group } from '@mantine/core';
import { eggListWords as w } from '@kuku/domain';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface EggRowActionsProps {
  /** What the row is, for the buttons' names: "production of Layers A on 05 Mar 2026". */
  what: string;
  onEdit: () => void;
  onDelete: () => void;
  /** The pointer or focus is on a button: a moment to fetch the dialog's code. */
  onIntent?: () => void;
}

/** Edit and delete of one list entry: icon buttons, each with its name (WCAG 4.1.2), big enough for a thumb. */
export function EggRowActions({ what, onEdit, onDelete, onIntent }: EggRowActionsProps) {
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      <ActionIcon variant="light" size="lg" aria-label={w.edit(what)} onClick={onEdit} onPointerEnter={onIntent} onFocus={onIntent}>
        <IconPencil size={18} aria-hidden />
      </ActionIcon>
      <ActionIcon variant="light" color="red" size="lg" aria-label={w.delete(what)} onClick={onDelete}>
        <IconTrash size={18} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
