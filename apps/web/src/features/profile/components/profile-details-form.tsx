import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { changesEmail, failedToUpdateProfile, formatPhone, profileMessages, type User } from '@kuku/domain';
import { Suspense, useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../ui/form-errors';
import { lazyWithPreload } from '../../../first-screen/lazy';
import { showErrorToast, showSuccessToast } from '../../../ui/toast';
import { profileSchemas, useUpdateProfileDetails } from '../api';

// The email change's password field and code form load once the email is changed (first-screen budget, decision 017).
const loadEmailChange = () => import('./email-change-confirm');
const EmailChangeConfirm = lazyWithPreload(loadEmailChange, (mod) => mod.EmailChangeConfirm);
const CurrentPasswordField = lazyWithPreload(loadEmailChange, (mod) => mod.CurrentPasswordField);

const validate = profileSchemas.resolver((m) => m.updateProfileDetailsSchema);

interface ProfileDetailsFormProps {
  user: User;
}

interface DetailsValues {
  username: string;
  email: string;
  phone_number: string;
  /** The current password, asked for only when the email changes. */
  password: string;
}

function valuesOf(user: User): DetailsValues {
  return { username: user.username, email: user.email, phone_number: formatPhone(user.phone_number), password: '' };
}

/** Username, Email and Phone Number; the phone shows as +254 712 345 678 and is sent as 254712345678. */
export function ProfileDetailsForm({ user }: ProfileDetailsFormProps) {
  const update = useUpdateProfileDetails();
  // The message of a code mailed to a new address, while that code waits to be entered.
  const [pending, setPending] = useState<string | null>(null);
  const form = useForm<DetailsValues>({
    initialValues: valuesOf(user),
    validate,
    validateInputOnBlur: true,
  });

  const phoneProps = form.getInputProps('phone_number');
  const emailChanges = changesEmail(user.email, form.values.email);
  useEffect(() => {
    if (emailChanges) EmailChangeConfirm.preload();
  }, [emailChanges]);

  const submit = form.onSubmit((values) => {
    const { password, ...input } = profileSchemas.get().updateProfileDetailsSchema.parse(values);
    // A new email needs the current password (an account made by Google proves itself by a fresh sign-in instead).
    const proof = emailChanges && user.has_password ? { password } : {};
    if (emailChanges && user.has_password && !password) {
      form.setFieldError('password', profileMessages.enterCurrentPassword);
      return;
    }
    update.mutate(
      { ...input, ...proof, phone_number: input.phone_number ? input.phone_number : null },
      {
        onSuccess: (answer) => {
          if (answer.pending_email) setPending(answer.message);
          else showSuccessToast(answer.message);
          form.setValues(valuesOf(answer.user));
          form.resetDirty(valuesOf(answer.user));
        },
        onError: (error) => {
          applyServerFieldErrors(form, error);
          showErrorToast(
            error instanceof ApiError ? failedToUpdateProfile(error.message) : profileMessages.failedToUpdate,
          );
        },
      },
    );
  });

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }}>
      <Title order={2} fz="lg" mb="md">
        {profileMessages.details}
      </Title>
      <form onSubmit={submit} noValidate onFocus={profileSchemas.preload} onPointerEnter={profileSchemas.preload}>
        <Stack gap="md">
          <TextInput
            label={profileMessages.username}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            {...form.getInputProps('username')}
          />
          <TextInput label={profileMessages.email} type="email" autoComplete="email" {...form.getInputProps('email')} />
          {emailChanges && user.has_password && (
            <Suspense fallback={null}>
              <CurrentPasswordField {...form.getInputProps('password')} />
            </Suspense>
          )}
          {emailChanges && !user.has_password && (
            <Text size="sm" c="dimmed">
              {profileMessages.googleEmailNote}
            </Text>
          )}
          <TextInput
            label={profileMessages.phone}
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="+254 712 345 678"
            description={profileMessages.phoneHint}
            {...phoneProps}
            onBlur={(event) => {
              // Show what will be saved: digits grouped 3-3-3 after +254.
              const formatted = formatPhone(form.getValues().phone_number);
              if (/^\+254 \d{3} \d{3} \d{3}$/.test(formatted)) form.setFieldValue('phone_number', formatted);
              phoneProps.onBlur?.(event);
            }}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending} disabled={update.isPending}>
              {profileMessages.save}
            </Button>
          </Group>
        </Stack>
      </form>
      {pending && (
        <Stack mt="lg">
          <Suspense fallback={null}>
            <EmailChangeConfirm
              message={pending}
              onChanged={(changed) => {
                setPending(null);
                form.setValues(valuesOf(changed));
                form.resetDirty(valuesOf(changed));
              }}
            />
          </Suspense>
        </Stack>
      )}
    </Paper>
  );
}
