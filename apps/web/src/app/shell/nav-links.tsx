import { paths } from '@kuku/domain/screens';
import { IconCreditCard, IconLayoutDashboard, IconRocket, IconUsers, IconVaccine } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { useCanOpen } from '../../lib/use-can';
import { placeIcons } from '../../ui/place-icons';
import classes from './nav-links.module.css';

const items = [
  { label: 'Dashboard', to: paths.dashboard.getHref(), icon: IconLayoutDashboard },
  { label: 'Flock Management', to: paths.flocks.getHref(), icon: placeIcons.flocks },
  { label: 'Egg Production', to: paths.eggs.getHref(), icon: placeIcons.eggs },
  { label: 'Sales', to: paths.sales.getHref(), icon: placeIcons.sales },
  { label: 'Expenses', to: paths.expenses.getHref(), icon: placeIcons.expenses },
  { label: 'Inventory', to: paths.inventory.getHref(), icon: placeIcons.inventory },
  { label: 'Vaccinations', to: paths.vaccinations.getHref(), icon: IconVaccine },
  { label: 'Finances', to: paths.finances.getHref(), icon: placeIcons.finances },
  { label: 'Reports', to: paths.reports.getHref(), icon: placeIcons.reports },
  { label: 'Billing', to: paths.billing.getHref(), icon: IconCreditCard },
  { label: 'User Registration', to: paths.userRegistration.getHref(), icon: IconUsers },
  { label: 'Getting Started', to: paths.onboarding.getHref(), icon: IconRocket },
  { label: 'Contact', to: paths.contact.getHref(), icon: placeIcons.contact },
  { label: 'My Profile', to: paths.profile.getHref(), icon: placeIcons.profile },
] as const;

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
    <nav aria-label="Main" className={classes.nav}>
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
            <span>{item.label}</span>
          </Link>
        );
      })}
    </nav>
  );
}
