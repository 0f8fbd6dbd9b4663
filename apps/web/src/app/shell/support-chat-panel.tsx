import { Anchor, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { formatPhone, normalizePhone, supportChatMessages as m } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { supportChannelsQuery } from '../../features/contact/api';

interface SupportChatPanelProps {
  /** The channels are asked for only while the panel is open. */
  opened: boolean;
  /** The in-app link closes the panel as it navigates. */
  onNavigate: () => void;
}

/** The support chat's content (loaded on first open): the reply time and the ways to reach support. */
export function SupportChatPanel({ opened, onNavigate }: SupportChatPanelProps) {
  const channels = useQuery({ ...supportChannelsQuery(), enabled: opened });
  const phone = channels.data?.phone ? normalizePhone(channels.data.phone) : '';

  return (
    <Stack gap="sm">
      <div>
        <Title order={2} fz="md">
          {m.chatTitle}
        </Title>
        <Text fz="sm" c="dimmed">
          {m.chatReplies}
        </Text>
      </div>
      {channels.isPending ? <Loader size="sm" aria-hidden /> : null}
      {channels.data?.whatsapp_url ? (
        <Button
          component="a"
          href={channels.data.whatsapp_url}
          target="_blank"
          rel="noopener noreferrer"
          leftSection={<IconBrandWhatsapp size={18} aria-hidden="true" />}
          fullWidth
        >
          {m.chatWhatsApp}
        </Button>
      ) : null}
      {phone ? (
        <Button
          component="a"
          href={`tel:+${phone}`}
          variant="default"
          leftSection={<IconPhone size={18} aria-hidden="true" />}
          fullWidth
        >
          {m.chatCall.replace('{phone}', formatPhone(phone))}
        </Button>
      ) : null}
      <Button
        component={Link}
        to={paths.contact.getHref()}
        onClick={onNavigate}
        variant="light"
        leftSection={<IconMail size={18} aria-hidden="true" />}
        fullWidth
      >
        {m.chatWrite}
      </Button>
      {channels.data?.email ? (
        <Anchor href={`mailto:${channels.data.email}`} fz="sm" ta="center" underline="always">
          {channels.data.email}
        </Anchor>
      ) : null}
    </Stack>
  );
}
