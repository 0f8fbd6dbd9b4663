import { Avatar, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { useLogout } from '../../lib/use-logout';
import { paths } from '../paths';

export function UserMenu() {
  const user = useCurrentUser();
  const logout = useLogout();
  const username = user?.username || 'User';
  return (
    <Menu position="bottom-end" width={200} shadow="md">
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${username}`} style={{ borderRadius: 'var(--mantine-radius-xl)' }}>
          <Group gap={8} wrap="nowrap">
            <Avatar
              src={user?.profile_picture}
              name={username}
              color="initials"
              size={34}
              radius="xl"
              alt={`${username}'s profile picture`}
            />
            <Text fz="sm" fw={600} truncate="end" maw={{ base: 80, sm: 160 }}>
              {username}
            </Text>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={paths.profile.getHref()} leftSection={<IconUserCircle size={16} />}>
          My Profile
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconLogout size={16} />} onClick={() => logout.mutate()}>
          Logout
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
