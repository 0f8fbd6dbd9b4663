import { footerWords as m } from '@kuku/domain';
import { paths, screenTitles } from '@kuku/domain/screens';
import { Link } from 'react-router';
import { useCanOpen } from '../../lib/use-can';
import { Brand } from '../../ui/brand';
import classes from './footer.module.css';

// Screens by their titles (`SCREENS`).
const quickLinks = (['dashboard', 'flocks', 'eggs', 'sales', 'reports', 'onboarding'] as const).map((id) => ({
  id,
  to: paths[id].getHref(),
}));

// Kuku's own pages are not set up yet; the platforms' home pages stand in until they are.
const socialLinks = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
] as const;

export const SUPPORT_EMAIL = 'support@kuku.farm';

function FooterHeading({ children }: { children: string }) {
  return <h2 className={classes.heading}>{children}</h2>;
}

/**
 * The footer of every signed-in screen, in plain elements with Mantine's look (Text, Anchor,
 * Divider): it is below the fold, and its Mantine components were a fifth of the shell's
 * first render.
 */
export function Footer() {
  const canOpen = useCanOpen();
  return (
    <footer className={classes.footer}>
      <div className={classes.columns}>
        <div className={classes.column}>
          <Brand />
          <p className={classes.text} style={{ maxWidth: 260 }}>
            {m.about}
          </p>
        </div>
        <div className={classes.column}>
          <FooterHeading>{m.quickLinks}</FooterHeading>
          {quickLinks.filter((link) => canOpen(link.to)).map((link) => (
            <Link key={link.to} to={link.to} className={classes.link}>
              {screenTitles[link.id]}
            </Link>
          ))}
        </div>
        <div className={classes.column}>
          <FooterHeading>{m.contact}</FooterHeading>
          <p className={classes.text}>
            {m.support}{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className={classes.anchor}>
              {SUPPORT_EMAIL}
            </a>
          </p>
          <p className={classes.text}>{m.place}</p>
          <Link to={paths.contact.getHref()} className={classes.anchor}>
            {m.sendMessage}
          </Link>
        </div>
        <div className={classes.column}>
          <FooterHeading>{m.followUs}</FooterHeading>
          {socialLinks.map((link) => (
            <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer" className={classes.link}>
              {link.label}
            </a>
          ))}
        </div>
      </div>
      <hr className={classes.divider} />
      <p className={classes.copyright}>{m.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
