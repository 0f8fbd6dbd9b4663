import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconEgg } from '@tabler/icons-react';

interface BrandProps {
  size?: 'sm' | 'lg';
}

/** The product mark: an egg in leaf green and the name. */
export function Brand({ size = 'sm' }: BrandProps) {
  const large = size === 'lg';
  return (
    <Group gap={large ? 'sm' : 8} wrap="nowrap">
      <ThemeIcon size={large ? 44 : 34} radius="md" variant="filled" aria-hidden>
        <IconEgg size={large ? 26 : 20} stroke={2} />
      </ThemeIcon>
      <Text component="span" fw={800} fz={large ? 28 : 22} lh={1} c="var(--mantine-color-text)">
        Kuku
      </Text>
    </Group>
  );
}
