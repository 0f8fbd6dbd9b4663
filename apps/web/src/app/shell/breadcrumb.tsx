import { headerWords as m } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Link } from 'react-router';
import { useRouteTitle } from '../route-handle';
import classes from './breadcrumb.module.css';

/** docs/product.md §2: Home / current route. Plain elements in the look of Mantine's Breadcrumbs. */
export function Breadcrumb() {
  const title = useRouteTitle();
  return (
    <nav aria-label={m.breadcrumb} className={classes.breadcrumb}>
      <Link to={paths.dashboard.getHref()} className={classes.home}>
        {m.home}
      </Link>
      {title ? (
        <>
          <span className={classes.separator} aria-hidden>
            /
          </span>
          <span className={classes.current} aria-current="page">
            {title}
          </span>
        </>
      ) : null}
    </nav>
  );
}
