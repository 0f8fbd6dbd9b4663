import { Alert, Button, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { contactMessages as m, type User } from '@kuku/domain';
import { useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { contactSchemas, useSendContactMessage } from '../api';

const validate = contactSchemas.resolver((schemas) => schemas.contactMessageSchema);

interface ContactFormValues {
  name: string;
  email: string;
  message: string;
}

/**
 * Mantine's autosize listens to `document.fonts`; where there is none (jsdom, a very old
 * WebView) the message box keeps a fixed height instead of failing the screen.
 */
function canAutosize(): boolean {
  return typeof document.fonts?.addEventListener === 'function';
}

/** What the last send came to: docs/product.md §8's success or failure text, or the rate limit's. */
type Outcome = { kind: 'sent' } | { kind: 'failed'; text: string } | null;

/** docs/product.md §8: a 429 says to wait; a 400 whose fields landed on the inputs needs no other word. */
function failureText(error: unknown, shownOnFields: boolean): string | null {
  if (error instanceof ApiError && error.status === 429) return m.tooMany;
  if (shownOnFields) return null;
  return m.failed;
}

/**
 * docs/product.md §2 Contact: Name, Email and Message, all required (§5), the name and email prefilled
 * from the account. The answer shows above the form; a sent message clears its text.
 */
export function ContactForm({ user }: { user: Pick<User, 'username' | 'email'> | undefined }) {
  const send = useSendContactMessage();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const form = useForm<ContactFormValues>({
    initialValues: { name: user?.username ?? '', email: user?.email ?? '', message: '' },
    validate,
  });

  const submit = form.onSubmit((values) => {
    const { name, email, message } = contactSchemas.get().contactMessageSchema.parse(values);
    setOutcome(null);
    send.mutate(
      { name, email, message },
      {
        onSuccess: () => {
          setOutcome({ kind: 'sent' });
          form.setFieldValue('message', '');
          form.resetDirty();
        },
        onError: (error) => {
          const text = failureText(error, applyServerFieldErrors(form, error));
          setOutcome(text === null ? null : { kind: 'failed', text });
        },
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Stack gap="md">
        {outcome?.kind === 'sent' ? (
          <Alert color="kuku" variant="light" role="status">
            {m.sent}
          </Alert>
        ) : null}
        {outcome?.kind === 'failed' ? (
          <Alert color="red" variant="light" role="alert">
            {outcome.text}
          </Alert>
        ) : null}
        <form onSubmit={submit} noValidate onFocus={contactSchemas.preload} onPointerEnter={contactSchemas.preload}>
          <Stack gap="md">
            <TextInput label={m.name} withAsterisk autoComplete="name" {...form.getInputProps('name')} />
            <TextInput label={m.email} withAsterisk type="email" autoComplete="email" {...form.getInputProps('email')} />
            <Textarea
              label={m.message}
              withAsterisk
              autosize={canAutosize()}
              minRows={5}
              maxRows={14}
              rows={5}
              {...form.getInputProps('message')}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? m.sending : m.send}
              </Button>
            </Group>
          </Stack>
        </form>
      </Stack>
    </Paper>
  );
}
