import { Alert, Button, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { NOTICE_CHANNELS, NOTICE_KINDS, noticeSettingsWords as w, noticeWords, type NoticeChannel, type NoticeKind } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { showErrorToast } from '../../../ui/toast';
import { noticeSettingsQuery, useSaveNoticeChoice } from '../notices-api';
import { PhoneConfirmation } from './phone-confirmation';
import classes from './notice-settings.module.css';

/**
 * The profile's notices (decision 076): per kind, a switch for each channel beside the app, saved
 * as it is turned. SMS waits for a confirmed phone, which is confirmed right here.
 */
export function NoticeSettings() {
  const user = useCurrentUser();
  const phone = user?.phone_number ?? null;
  const settings = useQuery(noticeSettingsQuery(phone));
  const save = useSaveNoticeChoice(phone);
  const hintId = useId();

  const turn = (kind: NoticeKind, channel: NoticeChannel, on: boolean) =>
    save.mutate({ kind, channel, on }, { onError: (failure) => showErrorToast(errorMessage(failure, w.failedToSave)) });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz="lg">
        {w.title}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {w.subtitle}
      </Text>
      {settings.isPending && <Skeleton height={420} radius="md" aria-label={w.loading} />}
      {settings.isError && (
        <Alert color="red" variant="light">
          <Stack gap="xs" align="flex-start">
            <Text fz="sm">{errorMessage(settings.error, w.failedToLoad)}</Text>
            <Button size="xs" variant="light" onClick={() => void settings.refetch()}>
              {w.retry}
            </Button>
          </Stack>
        </Alert>
      )}
      {settings.data && (
        <Stack gap="md">
          <PhoneConfirmation phone={settings.data.phone} confirmed={settings.data.phone_confirmed} />
          {!settings.data.phone_confirmed && (
            <Text id={hintId} fz="sm" c="dimmed">
              {w.smsNeedsPhone}
            </Text>
          )}
          <div className={classes.kinds}>
            {NOTICE_KINDS.map((kind) => (
              <NoticeKindRow
                key={kind}
                kind={kind}
                choices={settings.data.preferences[kind]}
                smsAllowed={settings.data.phone_confirmed}
                smsHintId={hintId}
                onTurn={turn}
              />
            ))}
          </div>
        </Stack>
      )}
    </Paper>
  );
}

interface NoticeKindRowProps {
  kind: NoticeKind;
  choices: Record<NoticeChannel, boolean>;
  smsAllowed: boolean;
  smsHintId: string;
  onTurn: (kind: NoticeKind, channel: NoticeChannel, on: boolean) => void;
}

/** A kind's name and its three switches: a group named by the kind, so each switch reads 'SMS' in it. */
function NoticeKindRow({ kind, choices, smsAllowed, smsHintId, onTurn }: NoticeKindRowProps) {
  const labelId = useId();
  return (
    <div className={classes.kind} role="group" aria-labelledby={labelId}>
      <Text id={labelId} fw={500} fz="sm">
        {noticeWords.kinds[kind]}
      </Text>
      <div className={classes.channels}>
        {NOTICE_CHANNELS.map((channel) => {
          const off = channel === 'sms' && !smsAllowed;
          return (
            <Switch
              key={channel}
              label={noticeWords.channels[channel]}
              checked={off ? false : choices[channel]}
              disabled={off}
              aria-describedby={off ? smsHintId : undefined}
              onChange={(event) => onTurn(kind, channel, event.currentTarget.checked)}
            />
          );
        })}
      </div>
    </div>
  );
}
