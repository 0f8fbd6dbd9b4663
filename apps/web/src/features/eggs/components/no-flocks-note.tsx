import { paths } from '@kuku/domain/screens';
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A farm without flocks has nothing to record against yet: say where to add one. */
export function NoFlocksNote() {
  return (
    <Alert color="blue" role="status">
      No flocks yet.{' '}
      <Anchor component={Link} to={paths.flocks.getHref()} fw={600}>
        Add a flock
      </Anchor>{' '}
      first, then record its eggs here.
    </Alert>
  );
}
