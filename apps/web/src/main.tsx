// The styles of the Mantine components the app uses, not all of styles.css (build/mantine-styles.ts).
// Imported by the entry, so index.html links them: parsed before the first paint, not as a long
// task when React's code arrives (decision 042).
import 'virtual:mantine-styles.css';
import '@mantine/notifications/styles.css';
import { startFirstRequests } from './app/first-requests';
import { takeSocialCodeFromUrl } from './features/auth/social-code';
import { createQueryClient } from './lib/query-client';

// Before the router reads the address: a social sign-in return carries its one-time code in ?token=….
takeSocialCodeFromUrl();

const queryClient = createQueryClient();
// This entry is small and runs while the browser still downloads React, the router and
// Mantine: the first screen's requests go out now, not after that code has run (decision 042).
startFirstRequests(queryClient, window.location.pathname);
// Started in a task of its own: evaluating that code is one long task already.
void import('./app/start').then(({ start }) => setTimeout(() => start(queryClient)));
