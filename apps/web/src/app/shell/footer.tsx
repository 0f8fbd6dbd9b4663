import { Anchor, Divider, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Brand } from '../../ui/brand';
import { paths } from '../paths';
import classes from './footer.module.css';

const quickLinks = [
  { label: 'Dashboard', to: paths.dashboard.getHref() },
  { label: 'Flock Management', to: paths.flocks.getHref() },
  { label: 'Egg Production', to: paths.eggs.getHref() },
  { label: 'Sales', to: paths.sales.getHref() },
  { label: 'Reports', to: paths.reports.getHref() },
  { label: 'Getting Started', to: paths.onboarding.getHref() },
] as const;

// Kuku's own pages are not set up yet; the platforms' home pages stand in until they are.
const socialLinks = [
  { label: 'Facebook', href: 'https://www.facebook.com/' },
  { label: 'X', href: 'https://x.com/' },
  { label: 'Instagram', href: 'https://www.instagram.com/' },
] as const;

export const SUPPORT_EMAIL = 'support@kuku.farm';

function FooterHeading({ children }: { children: string }) {
  return (
    <Text component="h2" fz="sm" fw={700} tt="uppercase" c="dimmed" m={0} style={{ letterSpacing: '0.04em' }}>
      {children}
    </Text>
  );
}

export function Footer() {
  return (
    <footer className={classes.footer}>
      <div className={classes.columns}>
        <Stack gap="sm">
          <Brand />
          <Text fz="sm" c="dimmed" maw={260}>
            Poultry farm management for Kenyan farmers: flocks, eggs, sales and money in one place.
          </Text>
        </Stack>
        <Stack gap={6}>
          <FooterHeading>Quick Links</FooterHeading>
          {quickLinks.map((link) => (
            <Anchor key={link.to} component={Link} to={link.to} fz="sm" c="dimmed" className={classes.link}>
              {link.label}
            </Anchor>
          ))}
        </Stack>
        <Stack gap={6}>
          <FooterHeading>Contact</FooterHeading>
          <Text fz="sm" c="dimmed">
            Support:{' '}
            <Anchor href={`mailto:${SUPPORT_EMAIL}`} fz="sm">
              {SUPPORT_EMAIL}
            </Anchor>
          </Text>
          <Text fz="sm" c="dimmed">
            Nairobi, Kenya
          </Text>
          <Anchor component={Link} to={paths.contact.getHref()} fz="sm" className={classes.link}>
            Send us a message
          </Anchor>
        </Stack>
        <Stack gap={6}>
          <FooterHeading>Follow Us</FooterHeading>
          {socialLinks.map((link) => (
            <Anchor
              key={link.label}
              href={link.href}
              target="_blank"
              rel="noopener noreferrer"
              fz="sm"
              c="dimmed"
              className={classes.link}
            >
              {link.label}
            </Anchor>
          ))}
        </Stack>
      </div>
      <Divider my="lg" />
      <Text fz="xs" c="dimmed" ta="center">
        © {new Date().getFullYear()} Kuku. All rights reserved.
      </Text>
    </footer>
  );
}
