import { headerWords as m, LANGUAGES, pageLanguage } from '@kuku/domain';
import { ActionIcon, Button, type MantineBreakpoint } from '@mantine/core';
import { useState } from 'react';

interface LanguageSwitchProps {
  /** Signed in, the account keeps the choice too. */
  signedIn: boolean;
  /** The header's square button ('SW'), or the language's name as a link-like button (the sign-in card). */
  variant: 'icon' | 'text';
  /** Shown from this breakpoint up (the header's, which has no room for it on a phone). */
  visibleFrom?: MantineBreakpoint;
}

/**
 * The switch to the other language (decision 068), named in that language itself and marked so
 * (`lang`), for a screen reader to say it rightly. The page starts again in it.
 */
export function LanguageSwitch({ signedIn, variant, visibleFrom }: LanguageSwitchProps) {
  const [changing, setChanging] = useState(false);
  const other = LANGUAGES.find((language) => language !== pageLanguage()) ?? 'en';
  const name = m.languageNames[other];
  const change = () => {
    setChanging(true);
    // On demand: the switch is on every screen, its work on none.
    void import('../lib/language').then((m) => m.switchLanguage(other, signedIn));
  };
  if (variant === 'text') {
    return (
      <Button variant="subtle" size="compact-sm" lang={other} loading={changing} onClick={change}>
        {name}
      </Button>
    );
  }
  return (
    <ActionIcon variant="default" size="lg" fz="xs" fw={700} visibleFrom={visibleFrom} lang={other} aria-label={name} title={`${m.language}: ${name}`} loading={changing} onClick={change}>
      {other.toUpperCase()}
    </ActionIcon>
  );
}
