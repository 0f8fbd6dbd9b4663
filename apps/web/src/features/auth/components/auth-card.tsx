import { authScreenWords as w } from '@kuku/domain';
import { paths } from '@kuku/domain/screens';
import { Box, Center, Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Brand } from '../../../ui/brand';
import { LanguageSwitch } from '../../../ui/language-switch';
import classes from './auth-card.module.css';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** The centred card every signed-out screen uses, with the brand on top. */
export function AuthCard({ title, description, children }: AuthCardProps) {
  return (
    // The page's main landmark and its one h1: a screen reader lands on the card's title.
    <Box component="main" className={classes.page}>
      <Center mih="100dvh" px="md" py="xl">
        <Stack w="100%" maw={440} gap="lg">
          <Center>
            <Box component={Link} to={paths.dashboard.getHref()} aria-label={w.home} td="none">
              <Brand size="lg" />
            </Box>
          </Center>
          <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} className={classes.card}>
            <Stack gap={4} mb="lg">
              <Title order={1} fz={{ base: 22, sm: 26 }}>
                {title}
              </Title>
              {description ? (
                <Text c="dimmed" fz="sm">
                  {description}
                </Text>
              ) : null}
            </Stack>
            {children}
          </Paper>
          <Text c="dimmed" fz="xs" ta="center">
            {w.tagline}
          </Text>
          <Center>
            <LanguageSwitch signedIn={false} variant="text" />
          </Center>
        </Stack>
      </Center>
    </Box>
  );
}
