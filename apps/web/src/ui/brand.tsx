import { IconEgg } from '@tabler/icons-react';
import classes from './brand.module.css';

interface BrandProps {
  size?: 'sm' | 'lg';
}

/**
 * The product mark: an egg in leaf green and the name. Plain elements in the look of
 * Mantine's ThemeIcon and Text: it is in the header of every screen.
 */
export function Brand({ size = 'sm' }: BrandProps) {
  const large = size === 'lg';
  return (
    <span className={classes.brand} data-size={size}>
      <span className={classes.icon} aria-hidden>
        <IconEgg size={large ? 26 : 20} stroke={2} />
      </span>
      <span className={classes.name}>Kuku</span>
    </span>
  );
}
