import { Alert, Button, Group, NumberInput, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { formatKes, monthText, SMS_DAILY_CAP_MAX, smsUsageWords as w } from '@kuku/domain';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { smsUsageQuery, useSetSmsDailyCap } from '../sms-usage-api';

/** The billing page's 'Text messages' (decision 076): the farm's daily limit on texts, and each month's texts and cost. */
export function SmsUsageCard() {
  const usage = useQuery(smsUsageQuery());
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz="lg">
        {w.title}
      </Title>
      <Text fz="sm" c="dimmed" mb="md">
        {w.subtitle}
      </Text>
      {usage.isPending && <Skeleton height={240} radius="md" aria-label={w.loading} />}
      {usage.isError && (
        <Alert color="red" variant="light">
          {errorMessage(usage.error, w.failedToLoad)}
        </Alert>
      )}
      {usage.data && (
        <>
          <DailyCapForm key={usage.data.daily_cap} saved={usage.data.daily_cap} />
          {usage.data.months.length === 0 ? (
            <Text fz="sm" c="dimmed" mt="md">
              {w.noTexts}
            </Text>
          ) : (
            <Table mt="md" striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{w.month}</Table.Th>
                  <Table.Th ta="right">{w.texts}</Table.Th>
                  <Table.Th ta="right">{w.cost}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {usage.data.months.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>{monthText(m.month)}</Table.Td>
                    <Table.Td ta="right">{m.texts}</Table.Td>
                    <Table.Td ta="right">{formatKes(m.cost_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </>
      )}
    </Paper>
  );
}

/** The limit, checked as the server checks it (a whole number from 0 to SMS_DAILY_CAP_MAX) before it is sent. */
function DailyCapForm({ saved }: { saved: number }) {
  const set = useSetSmsDailyCap();
  const [value, setValue] = useState<string | number>(saved);
  const [error, setError] = useState<string | undefined>();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const cap = typeof value === 'number' ? value : Number.NaN;
    if (!Number.isInteger(cap) || cap < 0 || cap > SMS_DAILY_CAP_MAX) {
      setError(w.capInvalid);
      return;
    }
    set.mutate(
      { daily_cap: cap },
      {
        onSuccess: (answer) => showSuccessToast(answer.message),
        onError: (failure) => {
          if (failure instanceof ApiError && failure.fields.daily_cap) setError(failure.fields.daily_cap);
          showErrorToast(errorMessage(failure, w.failedToSave));
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" wrap="nowrap" gap="sm">
        <NumberInput
          label={w.dailyCap}
          description={w.dailyCapHint}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(undefined);
          }}
          error={error}
          min={0}
          max={SMS_DAILY_CAP_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          inputMode="numeric"
          style={{ flex: 1 }}
        />
        <Button type="submit" loading={set.isPending} disabled={set.isPending}>
          {w.save}
        </Button>
      </Group>
    </form>
  );
}
