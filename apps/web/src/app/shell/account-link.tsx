import { headerWords as m } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Avatar, Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import classes from './header.module.css';

/** Picture (initials without one) and username (docs/product.md §2: default 'User'), leading to My Profile where Logout lives. */
export function AccountLink() {
  const user = useCurrentUser();
  const username = user?.username || m.defaultUsername;
  return (
    <UnstyledButton component={Link} to={paths.profile.getHref()} className={classes.account} title={m.myProfile}>
      <Group gap={8} wrap="nowrap">
        <Avatar src={user?.profile_picture} name={username} color="initials" size={34} radius="xl" alt={username} />
        <Text fz="sm" fw={600} truncate="end" maw={{ base: 72, xs: 120, sm: 160 }}>
          {username}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
