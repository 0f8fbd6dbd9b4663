import { vi } from 'vitest';

export interface MockRequest {
  method: string;
  /** The path after /api, e.g. '/auth/login'. */
  path: string;
  /** The query string's parameters. */
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

export interface MockAnswer {
  status?: number;
  body?: unknown;
}

type Route = MockAnswer | ((request: MockRequest) => MockAnswer | Promise<MockAnswer>);

/**
 * Stubs fetch with answers keyed 'METHOD /path' (without /api). Unknown calls answer 404
 * in the API's error shape. Returns the requests made, in order.
 */
export function mockApi(routes: Record<string, Route>): MockRequest[] {
  const requests: MockRequest[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    // A FormData (an upload) is kept as sent.
    const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : init.body instanceof FormData ? init.body : undefined;
    const request: MockRequest = { method, path, query: url.searchParams, body, headers: new Headers(init.headers) };
    requests.push(request);
    const route = routes[`${method} ${path}`];
    const answer: MockAnswer = route
      ? typeof route === 'function'
        ? await route(request)
        : route
      : { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
    const status = answer.status ?? 200;
    return new Response(status === 204 || answer.body === undefined ? null : JSON.stringify(answer.body), {
      status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return requests;
}

export function apiError(status: number, code: string, message: string, extra: object = {}): MockAnswer {
  return { status, body: { error: { code, message, ...extra } } };
}
