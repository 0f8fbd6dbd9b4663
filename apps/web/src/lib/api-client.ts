import { pageLanguage, shellWords, type ErrorBody } from '@kuku/domain';
import type { ZodMiniType } from 'zod/mini';
import { noteFirstRequest, takeEarlyResponse } from '../first-screen/first-requests';
import { API_BASE } from '../first-screen/shell-requests';
import { getToken } from './session';

/** An error answer of the API, built from its `{ error: { code, message, fields, meta } }` body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string>;
  readonly meta: Record<string, string>;
  readonly requestId: string | undefined;
  /** A 409 to an edit of a record changed meanwhile: the record as it is now (docs/decisions/067-edits-carry-the-version-seen.md). */
  readonly current: unknown;

  constructor(status: number, body: ErrorBody['error']) {
    super(body.message);
    this.name = 'ApiError';
    this.status = status;
    this.code = body.code;
    this.fields = body.fields ?? {};
    this.meta = body.meta ?? {};
    this.requestId = body.requestId;
    this.current = body.current;
  }
}

/** No answer from the server (offline, DNS, proxy page): the client's own words are shown. */
export class NetworkError extends Error {
  constructor(message = shellWords.serverUnreachable) {
    super(message);
    this.name = 'NetworkError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return isRecord(value) && Object.values(value).every((v) => typeof v === 'string');
}

function toErrorBody(value: unknown): ErrorBody['error'] | null {
  if (!isRecord(value) || !isRecord(value.error)) return null;
  const { code, message, fields, meta, requestId, current } = value.error;
  if (typeof code !== 'string' || typeof message !== 'string') return null;
  return {
    code: code as ErrorBody['error']['code'],
    message,
    fields: isStringRecord(fields) ? fields : undefined,
    meta: isStringRecord(meta) ? meta : undefined,
    requestId: typeof requestId === 'string' ? requestId : undefined,
    current: isRecord(current) ? current : undefined,
  };
}

type UnauthorizedHandler = (error: ApiError) => void;
let unauthorizedHandler: UnauthorizedHandler | null = null;

/** The app decides what a 401 on an authenticated call does (clear the session, go to /auth). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler | null): void {
  unauthorizedHandler = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON; a FormData goes as it is (multipart, its boundary set by the browser). */
  body?: unknown;
  /** Send the bearer token; false for register, login, OTP and password-reset calls. */
  auth?: boolean;
  signal?: AbortSignal;
  /** False when the caller handles its own 401 (logout). */
  handleUnauthorized?: boolean;
  /**
   * A create the server deduplicates by `Idempotency-Key` (docs/design.md §5): each call sends a fresh
   * key and, if the connection fails, retries once with the same key, so a lost answer never
   * creates the record twice.
   */
  idempotent?: boolean;
  /** More request headers: a record captured on the phone carries its id, time and device (outbox/). */
  headers?: Record<string, string>;
}

// Long enough for a dropped mobile connection to come back, short enough not to keep the form waiting.
const IDEMPOTENT_RETRY_DELAY_MS = 1000;

/** 128 random bits. crypto.randomUUID exists only on secure origins, and a farm LAN may serve plain http. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Calls the API and answers the parsed JSON body (undefined for 204). Throws ApiError or NetworkError. */
export async function apiFetch(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { method = 'GET', body, auth = true, signal, handleUnauthorized = true, idempotent = false } = options;
  // The page's language, for the server's words (decision 068): the browser's own list may differ from the one chosen.
  const headers: Record<string, string> = { Accept: 'application/json', 'Accept-Language': pageLanguage(), ...options.headers };
  const isForm = body instanceof FormData;
  if (body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
  const token = auth ? getToken() : null;
  if (token) headers.Authorization = `Bearer ${token}`;
  if (idempotent) headers['Idempotency-Key'] = newIdempotencyKey();

  const payload = body instanceof FormData ? body : body === undefined ? undefined : JSON.stringify(body);
  const url = API_BASE + path;
  const send = () => fetch(url, { method, headers, body: payload, signal });
  let early: Promise<Response> | undefined;
  if (method === 'GET' && token) {
    // A first screen's GET that index.html's script asked for already (decision 043).
    early = takeEarlyResponse(url, token);
    noteFirstRequest(url);
  }
  let response: Response;
  try {
    try {
      response = await (early ? early.catch(send) : send());
    } catch (error) {
      if (!idempotent || (error instanceof DOMException && error.name === 'AbortError')) throw error;
      // The request may have reached the server: the same key makes the retry safe.
      await new Promise((resolve) => setTimeout(resolve, IDEMPOTENT_RETRY_DELAY_MS));
      response = await send();
    }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new NetworkError();
  }

  const text = response.status === 204 ? '' : await response.text();
  let data: unknown;
  try {
    data = text === '' ? undefined : JSON.parse(text);
  } catch {
    data = undefined;
  }

  if (!response.ok) {
    const errorBody = toErrorBody(data);
    if (!errorBody) throw new NetworkError(`The server answered ${response.status}. Please try again.`);
    const error = new ApiError(response.status, errorBody);
    if (response.status === 401 && token && handleUnauthorized) unauthorizedHandler?.(error);
    throw error;
  }
  return data;
}

/**
 * Calls the API and checks the answer against the shared schema when one is given. The shell
 * passes none: the server's response schemas already fix the shape (docs/style.md rule 5), and zod/mini with
 * the schemas would load with the first screen (decision 017).
 */
export async function apiRequest<T>(path: string, options: RequestOptions & { schema?: ZodMiniType<T> } = {}): Promise<T> {
  const { schema, ...rest } = options;
  const data = await apiFetch(path, rest);
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new NetworkError(shellWords.unexpectedAnswer);
  return parsed.data;
}

/** docs/product.md §8: the server's text when it sent one, otherwise the client's own message. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError ? error.message : fallback;
}
