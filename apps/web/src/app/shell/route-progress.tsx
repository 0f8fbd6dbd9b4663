import { shellWords as m } from '@kuku/domain';
import { useNavigation } from 'react-router';
import classes from './route-progress.module.css';

/** A thin bar at the top while the next screen's code or data loads (slow mobile data). */
export function RouteProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return <div className={classes.bar} role="progressbar" aria-label={m.loadingPage} />;
}
