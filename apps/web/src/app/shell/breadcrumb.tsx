import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../paths';
import { useRouteTitle } from '../route-handle';

/** SPEC §2: Home / current route. */
export function Breadcrumb() {
  const title = useRouteTitle();
  return (
    <nav aria-label="Breadcrumb">
      <Breadcrumbs separator="/" mb="md" fz="sm" separatorMargin={6}>
        <Anchor component={Link} to={paths.dashboard.getHref()} fz="sm">
          Home
        </Anchor>
        {title ? (
          <Text fz="sm" c="dimmed" aria-current="page">
            {title}
          </Text>
        ) : null}
      </Breadcrumbs>
    </nav>
  );
}
