import { eggFormWords as w } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';

/** A farm without flocks has nothing to record against yet: say where to add one. */
export function NoFlocksNote() {
  return (
    <Alert color="blue" role="status">
      {w.noFlocks}{' '}
      <Anchor component={Link} to={paths.flocks.getHref()} fw={600}>
        {w.addFlock}
      </Anchor>{' '}
      {w.noFlocksThen}
    </Alert>
  );
}
