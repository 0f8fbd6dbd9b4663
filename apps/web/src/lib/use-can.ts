import { can, canOpen, seesMoney, type Permission } from '@kuku/domain';
import { useCurrentUser } from './current-user';

// Apart from current-user.ts: the entry imports that module (the guards), and a value import of
// '@kuku/domain' there put every schema and zod into the entry chunk (decision 017).

/** Whether the signed-in user's role holds a permission (the server enforces the same table). */
export function useCan(permission: Permission): boolean {
  const user = useCurrentUser();
  return user ? can(user.role, permission) : false;
}

/** Whether the signed-in user's role sees money (the domain's seesMoney): a worker's answers carry none, and their screens show none. */
export function useSeesMoney(): boolean {
  const user = useCurrentUser();
  return user ? seesMoney(user.role) : false;
}

/** Whether the signed-in user's role may open a screen; links to one it may not are hidden. */
export function useCanOpen(): (path: string) => boolean {
  const role = useCurrentUser()?.role;
  return (path) => (role ? canOpen(role, path) : false);
}
