import { CLIENT_RECORD_HEADERS, outboxWords, RECORD_VERSION_HEADER, recordVersionMessages } from '@kuku/domain';
import { waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../lib/api-client';
import { currentUserKey } from '../lib/current-user';
import { setToken } from '../lib/session';
import { apiError, mockApi, type MockAnswer, type MockRequest } from '../test/fetch-mock';
import { makeOutboxEntry, makeUser } from '../test/fixtures';
import { createTestQueryClient } from '../test/render';
import { captureRecord } from './capture';
import { ChangeKeptToChoose } from './kept-to-choose';
import { OUTBOX_VERSION, readEntry } from './entry';
import { forgetOutboxStore, lastSentAt, putEntry, readOutbox } from './outbox-db';
import { onOpenOutbox } from './outbox-state';
import { flush, retryDelay, startOutbox } from './sender';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const egg = { flock_id: 7, date: '2026-12-07', total_eggs: 300 };

function signedIn(farmId = 1) {
  setToken('tok-1');
  const queryClient = createTestQueryClient();
  queryClient.setQueryData(currentUserKey, makeUser({ farm: { id: farmId, name: 'Shamba', time_zone: 'Africa/Nairobi' } }));
  return queryClient;
}

/** A server that is out of reach until `online()`; then it answers with `answer`. */
function flakyServer(answer: (request: MockRequest) => MockAnswer) {
  let reachable = false;
  const requests = mockApi({});
  const server = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (!reachable) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://localhost');
    const request: MockRequest = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(/^\/api/, ''),
      query: url.searchParams,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: new Headers(init.headers),
    };
    requests.push(request);
    const { status = 200, body } = answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', server);
  return { requests, online: () => (reachable = true), offline: () => (reachable = false) };
}

let stop: (() => void) | undefined;
beforeEach(() => {
  stop = undefined;
});
afterEach(async () => {
  stop?.();
  await flush();
});

describe('captureRecord', () => {
  it('sends at once with the record id, capture time and device, and answers the server’s record', async () => {
    const queryClient = signedIn();
    const requests = mockApi({ 'POST /egg-productions': { status: 201, body: { id: 41, ...egg } } });

    const saved = await captureRecord(queryClient, { kind: 'egg_production', path: '/egg-productions', body: egg, day: '2026-12-07', detail: 'Eggs' });

    expect(saved).toEqual({ id: 41, ...egg });
    const [sent] = requests;
    expect(sent?.body).toEqual(egg);
    expect(sent?.headers.get(CLIENT_RECORD_HEADERS.id)).toMatch(UUID);
    expect(new Date(sent?.headers.get(CLIENT_RECORD_HEADERS.capturedAt) ?? '').getTime()).toBeGreaterThan(Date.now() - 5_000);
    expect(sent?.headers.get(CLIENT_RECORD_HEADERS.device)).toMatch(UUID);
    expect(await readOutbox()).toEqual([]);
    expect(lastSentAt(1)).not.toBeNull();
  });

  it('keeps a record on the phone with no signal, and sends it later under the same id and capture time', async () => {
    const queryClient = signedIn();
    const server = flakyServer(() => ({ status: 201, body: { id: 41, ...egg } }));

    expect(await captureRecord(queryClient, { kind: 'egg_production', path: '/egg-productions', body: egg, day: '2026-12-07', detail: 'Eggs' })).toBeNull();
    const [kept] = await readOutbox();
    expect(kept).toMatchObject({ kind: 'egg_production', body: egg, attempts: 1, problem: null });

    server.online();
    stop = startOutbox(queryClient);
    await waitFor(async () => expect(await readOutbox()).toEqual([]));
    expect(server.requests).toHaveLength(1);
    expect(server.requests[0]?.headers.get(CLIENT_RECORD_HEADERS.id)).toBe(kept?.id);
    expect(server.requests[0]?.headers.get(CLIENT_RECORD_HEADERS.capturedAt)).toBe(kept?.capturedAt);
  });

  it('sends what waits oldest first, one at a time', async () => {
    const queryClient = signedIn();
    let inFlight = 0;
    let most = 0;
    const server = flakyServer((request) => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      inFlight -= 1;
      return { status: 201, body: request.body };
    });
    for (const total_eggs of [1, 2, 3]) {
      await captureRecord(queryClient, { kind: 'egg_production', path: '/egg-productions', body: { ...egg, total_eggs }, day: '2026-12-07', detail: 'Eggs' });
    }
    server.online();
    stop = startOutbox(queryClient);
    await waitFor(async () => expect(await readOutbox()).toEqual([]));
    expect(server.requests.map((r) => (r.body as typeof egg).total_eggs)).toEqual([1, 2, 3]);
    expect(most).toBe(1);
  });

  it('throws the server’s refusal while the form waits, and keeps nothing', async () => {
    const queryClient = signedIn();
    mockApi({ 'POST /egg-productions': apiError(422, 'validation_error', 'Date cannot be in the future') });

    const saving = captureRecord(queryClient, { kind: 'egg_production', path: '/egg-productions', body: egg, day: '2026-12-07', detail: 'Eggs' });

    await expect(saving).rejects.toThrow(ApiError);
    await expect(saving).rejects.toThrow('Date cannot be in the future');
    expect(await readOutbox()).toEqual([]);
  });

  it('keeps a record refused on a later send as a problem with the server’s words, and sends the rest', async () => {
    const queryClient = signedIn();
    const server = flakyServer((request) =>
      (request.body as typeof egg).total_eggs === 1
        ? apiError(422, 'validation_error', 'Cannot remove more than available. Stock: 2')
        : { status: 201, body: request.body },
    );
    await captureRecord(queryClient, { kind: 'egg_production', path: '/egg-productions', body: { ...egg, total_eggs: 1 }, day: '2026-12-07', detail: 'Eggs' });
    await captureRecord(queryClient, { kind: 'egg_production', path: '/egg-productions', body: { ...egg, total_eggs: 2 }, day: '2026-12-07', detail: 'Eggs' });

    server.online();
    stop = startOutbox(queryClient);
    await waitFor(async () => expect(await readOutbox()).toHaveLength(1));
    const [problem] = await readOutbox();
    expect(problem?.problem).toEqual({ status: 422, message: 'Cannot remove more than available. Stock: 2' });
    expect(server.requests).toHaveLength(2);

    // Never tried again on its own.
    await flush({ now: true });
    expect(server.requests).toHaveLength(2);
  });

  it('keeps the queue on a 401 and sends nothing more until the farmer signs in again', async () => {
    const queryClient = signedIn();
    const server = flakyServer(() => apiError(401, 'unauthenticated', 'Your session has expired. Please log in again.'));
    await captureRecord(queryClient, { kind: 'sale', path: '/sales', body: { amount: 1 }, day: '2026-12-07', detail: 'Sale' });

    server.online();
    stop = startOutbox(queryClient);
    await waitFor(() => expect(server.requests).toHaveLength(1));
    await flush({ now: true });
    expect(server.requests).toHaveLength(1);
    expect(await readOutbox()).toHaveLength(1);

    setToken('tok-2');
    await flush({ now: true });
    expect(server.requests).toHaveLength(2);
    expect(server.requests[1]?.headers.get('authorization')).toBe('Bearer tok-2');
  });

  it('backs off after the server’s trouble, and tries the same record again', async () => {
    const queryClient = signedIn();
    let answers = 0;
    const server = flakyServer(() => (++answers === 1 ? { status: 503, body: { error: { code: 'unavailable', message: 'Busy' } } } : { status: 201, body: {} }));
    server.online();

    expect(await captureRecord(queryClient, { kind: 'expense', path: '/expenses', body: {}, day: '2026-12-07', detail: 'Expense' })).toBeNull();
    const [waiting] = await readOutbox();
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.nextTryAt).toBeGreaterThan(Date.now());

    await flush();
    expect(server.requests).toHaveLength(1);
    await flush({ now: true });
    expect(await readOutbox()).toEqual([]);
    expect(server.requests[0]?.headers.get(CLIENT_RECORD_HEADERS.id)).toBe(server.requests[1]?.headers.get(CLIENT_RECORD_HEADERS.id));
  });

  it('sends only the signed-in farm’s records', async () => {
    const queryClient = signedIn(2);
    const requests = mockApi({ 'POST /expenses': { status: 201, body: {} } });
    await putEntry(makeOutboxEntry({ id: '0b7c2f8e-4a9d-4c41-9a53-6f3f4b1e2d10', kind: 'expense', path: '/expenses', body: {}, capturedAt: new Date().toISOString(), summary: 'Expense' }));
    stop = startOutbox(queryClient);
    await flush({ now: true });
    expect(requests).toEqual([]);
    expect(await readOutbox()).toHaveLength(1);
  });
});

describe('a phone that keeps nothing for the site', () => {
  it('sends the record at once, as before the queue, under its id', async () => {
    const queryClient = signedIn();
    const requests = mockApi({ 'POST /egg-productions': { status: 201, body: { id: 41, ...egg } } });
    // A private window, or storage turned off: every write to IndexedDB fails.
    vi.spyOn(indexedDB, 'open').mockImplementation(() => {
      throw new DOMException('The user denied permission to access the database.', 'SecurityError');
    });
    forgetOutboxStore();
    expect(await captureRecord(queryClient, { kind: 'egg_production', path: '/egg-productions', body: egg, day: '2026-12-07', detail: 'Eggs' })).toEqual({ id: 41, ...egg });
    expect(requests[0]?.headers.get(CLIENT_RECORD_HEADERS.id)).toMatch(UUID);
    // Not through the queue: its sender notes each record it sends.
    expect(lastSentAt(1)).toBeNull();
  });
});

describe('a change or a deletion of a record Kuku has', () => {
  const seen = '2026-12-07T05:00:00.123Z';
  const change = { kind: 'egg_production', method: 'PUT', path: '/egg-productions/41', body: egg, version: seen, day: '2026-12-07', detail: 'Eggs' } as const;

  it('goes with the version the farmer saw, not as a new record', async () => {
    const queryClient = signedIn();
    const requests = mockApi({ 'PUT /egg-productions/41': { status: 200, body: { id: 41, ...egg } } });
    expect(await captureRecord(queryClient, change)).toEqual({ id: 41, ...egg });
    expect(requests[0]?.headers.get(RECORD_VERSION_HEADER)).toBe(seen);
    expect(requests[0]?.headers.get(CLIENT_RECORD_HEADERS.id)).toBeNull();
    expect(await readOutbox()).toEqual([]);
  });

  it('changed on another phone since: kept with the record as it is now, and the list opens to choose', async () => {
    const queryClient = signedIn();
    const theirs = { id: 41, ...egg, total_eggs: 280, updated_at: '2026-12-07T06:00:00.000Z' };
    mockApi({ 'PUT /egg-productions/41': apiError(409, 'conflict', recordVersionMessages.changedMeanwhile, { current: theirs }) });
    const opened = vi.fn();
    const stopListening = onOpenOutbox(opened);

    await expect(captureRecord(queryClient, change)).rejects.toBeInstanceOf(ChangeKeptToChoose);
    stopListening();
    expect(opened).toHaveBeenCalledOnce();
    const [kept] = await readOutbox();
    expect(kept).toMatchObject({ method: 'PUT', version: seen, problem: { status: 409, message: recordVersionMessages.changedMeanwhile, current: theirs } });
    expect(kept?.summary).toBe(outboxWords.changeOf('Egg production · 07 Dec 2026 · Eggs'));
  });

  it('a later change of the same record replaces the one still waiting', async () => {
    const queryClient = signedIn();
    const server = flakyServer(() => ({ status: 200, body: { id: 41 } }));
    await captureRecord(queryClient, change);
    await captureRecord(queryClient, { ...change, body: { ...egg, total_eggs: 310 } });
    const kept = await readOutbox();
    expect(kept).toHaveLength(1);
    expect(kept[0]).toMatchObject({ body: { total_eggs: 310 }, version: seen });

    await captureRecord(queryClient, { ...change, method: 'DELETE', body: undefined });
    expect(await readOutbox()).toMatchObject([{ method: 'DELETE', version: seen }]);
    server.online();
    await flush({ now: true });
    expect(server.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['DELETE /egg-productions/41']);
  });

  it('a deletion whose record is gone already is done', async () => {
    const queryClient = signedIn();
    mockApi({ 'DELETE /egg-productions/41': apiError(404, 'not_found', 'Production not found.') });
    expect(await captureRecord(queryClient, { ...change, method: 'DELETE', body: undefined })).toBeUndefined();
    expect(await readOutbox()).toEqual([]);
  });
});

describe('a record on the phone, corrected before it is sent', () => {
  const create = { kind: 'egg_production', path: '/egg-productions', body: egg, day: '2026-12-07', detail: 'Eggs' } as const;

  it('keeps its id, capture time and place in the queue, with the new values', async () => {
    const queryClient = signedIn();
    const server = flakyServer((request) => ({ status: 201, body: request.body }));
    await captureRecord(queryClient, create);
    await captureRecord(queryClient, { ...create, body: { ...egg, total_eggs: 2 } });
    const [first] = await readOutbox().then((kept) => kept.sort((a, b) => a.seq - b.seq));

    expect(await captureRecord(queryClient, { ...create, body: { ...egg, total_eggs: 290 }, detail: '290 eggs', replaces: first?.id })).toBeNull();
    const kept = await readOutbox();
    expect(kept).toHaveLength(2);
    const changed = kept.find((entry) => entry.id === first?.id);
    expect(changed).toMatchObject({ capturedAt: first?.capturedAt, seq: first?.seq, body: { total_eggs: 290 }, summary: 'Egg production · 07 Dec 2026 · 290 eggs' });

    server.online();
    await flush({ now: true });
    expect(server.requests.map((r) => [r.headers.get(CLIENT_RECORD_HEADERS.id), (r.body as typeof egg).total_eggs])).toEqual([
      [first?.id, 290],
      [expect.any(String), 2],
    ]);
  });

  it('one Kuku refused is sent again with the correction, and taken', async () => {
    const queryClient = signedIn();
    const server = flakyServer((request) =>
      (request.body as typeof egg).total_eggs > 500 ? apiError(422, 'rule_broken', 'Too many eggs for the flock.') : { status: 201, body: { id: 41, ...(request.body as object) } },
    );
    await captureRecord(queryClient, { ...create, body: { ...egg, total_eggs: 900 } });
    server.online();
    await flush({ now: true });
    const [refused] = await readOutbox();
    expect(refused?.problem?.message).toBe('Too many eggs for the flock.');

    expect(await captureRecord(queryClient, { ...create, replaces: refused?.id })).toEqual({ id: 41, ...egg });
    expect(await readOutbox()).toEqual([]);
    expect(server.requests.map((r) => r.headers.get(CLIENT_RECORD_HEADERS.id))).toEqual([refused?.id, refused?.id]);
  });

  it('refused again, it stays on the phone with the new values and the form is told why', async () => {
    const queryClient = signedIn();
    const server = flakyServer(() => apiError(422, 'rule_broken', 'Too many eggs for the flock.'));
    await captureRecord(queryClient, create);
    const [waiting] = await readOutbox();
    server.online();

    await expect(captureRecord(queryClient, { ...create, body: { ...egg, total_eggs: 950 }, replaces: waiting?.id })).rejects.toThrow('Too many eggs for the flock.');
    expect(await readOutbox()).toMatchObject([{ id: waiting?.id, body: { total_eggs: 950 }, problem: { status: 422, message: 'Too many eggs for the flock.' } }]);
  });

  it('one that reached Kuku meanwhile is not changed on the phone, nor sent as a new record', async () => {
    const queryClient = signedIn();
    const requests = mockApi({});

    const saving = captureRecord(queryClient, { ...create, replaces: '5b0f4c8e-8d0e-4a57-9d43-6e0d5d1f2a10' });

    await expect(saving).rejects.toThrow(outboxWords.sentBeforeChange);
    expect(await readOutbox()).toEqual([]);
    expect(requests).toEqual([]);
  });
});

describe('readEntry', () => {
  it('reads a create kept by the version before changes could wait too', () => {
    const stored = { v: 1, id: 'x', farmId: 1, kind: 'sale', path: '/sales', body: {}, capturedAt: '2026-12-07T05:00:00.000Z', deviceId: 'p', seq: 0, summary: 'Sale', attempts: 0, nextTryAt: 0, problem: null };
    expect(readEntry(stored)).toMatchObject({ v: OUTBOX_VERSION, method: 'POST', version: null, problem: null, path: '/sales' });
  });

  it('keeps an entry of a shape this version does not know as a problem that says so', () => {
    const entry = readEntry({ v: 0, id: 'x', farmId: 1, kind: 'eggs', body: { total_eggs: 3 } });
    expect(entry?.problem?.message).toBe(outboxWords.olderVersion);
    expect(entry?.body).toEqual({ total_eggs: 3 });
  });

  it('leaves alone what names no record or farm', () => {
    expect(readEntry(null)).toBeNull();
    expect(readEntry({ id: 3 })).toBeNull();
  });
});

describe('retryDelay', () => {
  it('doubles from the first wait up to the cap, within a fifth either way', () => {
    expect(retryDelay(1, () => 0.5)).toBe(2_000);
    expect(retryDelay(3, () => 0.5)).toBe(8_000);
    expect(retryDelay(30, () => 0.5)).toBe(300_000);
    expect(retryDelay(1, () => 0)).toBe(1_600);
    expect(retryDelay(1, () => 1)).toBe(2_400);
  });
});
