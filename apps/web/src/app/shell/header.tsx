import { ActionIcon, Burger, Group, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { headerWords, notificationMessages as m } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { useUnreadCount } from '../../features/notifications/api';
import { Brand } from '../../ui/brand';
import { LanguageSwitch } from '../../ui/language-switch';
import { ColorSchemeToggle } from './color-scheme-toggle';
import { AccountLink } from './account-link';

interface HeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
  onOpenNotifications: () => void;
  /** The count of records waiting on the phone (outbox/), drawn once the first screen is up. */
  outbox?: ReactNode;
}

export function Header({ navOpened, onToggleNav, onOpenNotifications, outbox }: HeaderProps) {
  const unread = useUnreadCount();
  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="xs" wrap="nowrap">
        <Burger opened={navOpened} onClick={onToggleNav} hiddenFrom="sm" size="sm" aria-label={headerWords.toggleNavigation} />
        <Link to={paths.dashboard.getHref()} aria-label="Kuku" style={{ textDecoration: 'none' }}>
          <Brand />
        </Link>
      </Group>
      <Group gap={8} wrap="nowrap">
        {outbox}
        <LanguageSwitch signedIn variant="icon" visibleFrom="xs" />
        <ColorSchemeToggle />
        <Indicator label={unread} size={18} disabled={unread === 0} color="red" offset={4}>
          <ActionIcon variant="default" size="lg" aria-label={unread > 0 ? m.bellUnread(unread) : m.bell} onClick={onOpenNotifications}>
            <IconBell size={18} />
          </ActionIcon>
        </Indicator>
        <AccountLink />
      </Group>
    </Group>
  );
}
