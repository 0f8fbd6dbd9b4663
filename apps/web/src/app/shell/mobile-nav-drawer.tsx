import { headerWords as m } from '@kuku/domain';
import { Drawer } from '@mantine/core';
import { Brand } from '../../ui/brand';
import { LanguageSwitch } from '../../ui/language-switch';
import { NavLinks } from './nav-links';

interface MobileNavDrawerProps {
  opened: boolean;
  onClose: () => void;
}

/** The slide-in menu of phones. */
export function MobileNavDrawer({ opened, onClose }: MobileNavDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      size="80%"
      padding="md"
      hiddenFrom="sm"
      title={<Brand />}
      closeButtonProps={{ 'aria-label': m.closeNavigation }}
    >
      <NavLinks onNavigate={onClose} />
      {/* On a phone the header has no room for the language switch: it is here (decision 068). */}
      <LanguageSwitch signedIn variant="text" />
    </Drawer>
  );
}
