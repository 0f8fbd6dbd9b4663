import { headerWords, pageLanguage } from '@kuku/domain';
import { Group, Text } from '@mantine/core';
import { LanguageSwitch } from '../../../ui/language-switch';

/** The page's language and the switch to the other, kept on the account (decision 068). */
export function ProfileLanguage() {
  return (
    <Group gap={4} justify="center">
      <Text fz="sm" c="dimmed">
        {headerWords.language}: {headerWords.languageNames[pageLanguage()]}
      </Text>
      <LanguageSwitch signedIn variant="text" />
    </Group>
  );
}
