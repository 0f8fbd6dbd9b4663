import { useMatches } from 'react-router';

/** What a route tells the shell: its name for the breadcrumb and the tab title. */
export interface RouteHandle {
  /** Read in render: the page's language may have arrived after the routes were made (decision 068). */
  title: () => string;
}

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as { title?: unknown }).title === 'function';
}

/** The name of the deepest matched route that has one. */
export function useRouteTitle(): string | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle.title();
  }
  return undefined;
}
