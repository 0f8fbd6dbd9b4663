import { Paper, Text } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header';

/** The card provider returns here with ?reference=…; verification lands with billing. */
export function PaymentCallbackPage() {
  const [searchParams] = useSearchParams();
  const reference = searchParams.get('reference');
  return (
    <>
      <PageHeader title="Payment Status" />
      <Paper withBorder p="lg">
        {reference ? (
          <Text>
            Reference:{' '}
            <Text component="span" fw={700} ff="monospace">
              {reference}
            </Text>
          </Text>
        ) : (
          <Text c="red">No payment reference found.</Text>
        )}
      </Paper>
    </>
  );
}
