import { LANGUAGES, pageLanguage, shellWords as m } from '@kuku/domain';
import { ActionIcon } from '@mantine/core';
import { useState } from 'react';
import { switchLanguage } from '../../lib/language';

/**
 * The header's switch to the other language (decision 068), in that language's own name's
 * first letters ('SW' on an English page), each name said in its own language to a screen
 * reader. Signed in, the account keeps the choice.
 */
export function LanguageSwitch({ signedIn }: { signedIn: boolean }) {
  const [changing, setChanging] = useState(false);
  const current = pageLanguage();
  const other = LANGUAGES.find((language) => language !== current) ?? 'en';
  return (
    <ActionIcon
      variant="default"
      size="lg"
      fz="xs"
      fw={700}
      lang={other}
      aria-label={m.languageNames[other]}
      title={`${m.language}: ${m.languageNames[other]}`}
      loading={changing}
      onClick={() => {
        setChanging(true);
        void switchLanguage(other, signedIn);
      }}
    >
      {other.toUpperCase()}
    </ActionIcon>
  );
}
