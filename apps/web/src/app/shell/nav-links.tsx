import { headerWords } from '@kuku/domain';
import { paths, screenTitles, type ScreenId } from '@kuku/domain/screens';
import { IconCreditCard, IconLayoutDashboard, IconRocket, IconUsers, IconVaccine, type Icon } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useCanOpen } from '../../lib/use-can';
import { placeIcons } from '../../ui/place-icons';
import classes from './nav-links.module.css';

/**
 * docs/product.md §2's navigation, in its order: each entry is a screen (`SCREENS`), shown by its
 * title, and its icon. Here in the shell's chunk, not in the screens' table: that one is in the
 * entry, which would then carry every icon.
 */
const NAVIGATION = [
  { screen: 'dashboard', icon: IconLayoutDashboard },
  { screen: 'flocks', icon: placeIcons.flocks },
  { screen: 'eggs', icon: placeIcons.eggs },
  { screen: 'sales', icon: placeIcons.sales },
  { screen: 'expenses', icon: placeIcons.expenses },
  { screen: 'inventory', icon: placeIcons.inventory },
  { screen: 'stockCount', icon: placeIcons.inventory },
  { screen: 'vaccinations', icon: IconVaccine },
  { screen: 'finances', icon: placeIcons.finances },
  { screen: 'summaries', icon: placeIcons.reports },
  { screen: 'reports', icon: placeIcons.reports },
  { screen: 'billing', icon: IconCreditCard },
  { screen: 'userRegistration', icon: IconUsers },
  { screen: 'onboarding', icon: IconRocket },
  { screen: 'contact', icon: placeIcons.contact },
  { screen: 'profile', icon: placeIcons.profile },
] as const satisfies readonly { screen: ScreenId; icon: Icon }[];

const items = NAVIGATION.map(({ screen, icon }) => ({ screen, to: paths[screen].getHref(), icon }));

function isActive(to: string, pathname: string): boolean {
  const target = to.split('?')[0] ?? to;
  if (target === '/') return pathname === '/';
  return pathname === target || pathname.startsWith(`${target}/`);
}

interface NavLinksProps {
  onNavigate?: () => void;
}

/**
 * The sidebar's and the drawer's links. Plain links in Mantine's NavLink look: the shell
 * renders them on every screen, and thirteen NavLinks were a large part of its first render.
 */
export function NavLinks({ onNavigate }: NavLinksProps) {
  const { pathname } = useLocation();
  // A role sees only the screens it may open (docs/design.md §6); the server refuses the rest anyway.
  const canOpen = useCanOpen();
  return (
    <nav aria-label={headerWords.mainNavigation} className={classes.nav}>
      {items.filter((item) => canOpen(item.to)).map((item) => {
        const active = isActive(item.to, pathname);
        return (
          <Link
            key={item.to}
            to={item.to}
            className={classes.link}
            data-active={active || undefined}
            aria-current={active ? 'page' : undefined}
            onClick={onNavigate}
          >
            <item.icon size={20} stroke={1.6} className={classes.icon} aria-hidden />
            <span>{screenTitles[item.screen]}</span>
          </Link>
        );
      })}
    </nav>
  );
}
