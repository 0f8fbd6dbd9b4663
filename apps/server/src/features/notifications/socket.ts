import type {} from '@fastify/websocket';
import { hearsLiveUpdate, notificationRefusals as m, SOCKET_CLOSE, SOCKETS_PER_SESSION, type Role } from '@kuku/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { invalid } from '../../app-error.js';
import type { FarmEvent } from '../../plugins/events.js';
import { hashToken } from '../auth/secrets.js';
import { sessionStates, type SessionState } from '../auth/service.js';

/** How often a socket is pinged and its session checked again: a dead phone goes. */
const HEARTBEAT_MS = 30_000;
/** A client this far behind (a phone that stopped reading) is closed rather than buffered without end. */
const BUFFERED_MAX_BYTES = 1024 * 1024;
const TOKEN_MAX = 200;

/** What a socket sends of an event: docs/product.md §7's fields, without who it is for. */
function messageOf(event: FarmEvent): string {
  const { userId: _for, ...message } = event;
  return JSON.stringify(message);
}

type SocketRequest = FastifyRequest<{ Querystring: { token?: unknown } }>;

/** An open socket and whose it is; `role` follows a role change (decision 049). */
interface Listener {
  socket: WebSocket;
  tokenHash: string;
  sessionId: number;
  role: Role;
}

/** Closes a socket whose session is no longer good, with the code and words the client shows. */
function endSession(socket: WebSocket, state: SessionState | undefined) {
  if (state?.kind === 'expired') socket.close(SOCKET_CLOSE.expired, m.expiredSocket);
  else socket.close(SOCKET_CLOSE.unauthorized, m.unauthorizedSocket);
}

/**
 * The live-updates socket (docs/product.md §7 Real-time, docs/design.md §5): `/api/ws?token=…`, the token checked like
 * a bearer token. It hears the farm's changes its role may read and its own user's notifications,
 * nothing else. A bad or revoked token is closed with SOCKET_CLOSE's code and a reason the client
 * shows; a session ended while its sockets are open (logout, password change or reset, email
 * change, removal, restore, by hand) closes them at once; a session holds at most
 * SOCKETS_PER_SESSION of them (decision 049).
 */
export async function socketRoutes(app: FastifyInstance) {
  const bySession = new Map<number, Set<Listener>>();

  /** Every open socket's session read again, in one statement per 1,000: the ended ones close. */
  async function checkAll() {
    const listeners = [...bySession.values()].flatMap((set) => [...set]);
    if (listeners.length === 0) return;
    const states = await sessionStates(app.db, [...new Set(listeners.map((l) => l.tokenHash))]);
    for (const listener of listeners) {
      const state = states.get(listener.tokenHash);
      if (state?.kind === 'ok') listener.role = state.role;
      else endSession(listener.socket, state);
    }
  }
  // A change that comes while a check runs gets a check of its own after it: never two at once.
  let checking = false;
  let again = false;
  const check = () => {
    if (checking) {
      again = true;
      return;
    }
    checking = true;
    again = false;
    checkAll()
      .catch((error: unknown) => app.log.error({ err: error }, 'open sockets could not check their sessions'))
      .finally(() => {
        checking = false;
        if (again) check();
      });
  };
  const unwatch = app.events.onPrincipalChange(check);
  app.addHook('onClose', async () => unwatch());

  async function live(socket: WebSocket, request: SocketRequest) {
    // The client only listens: anything it sends closes the socket.
    socket.on('message', () => socket.close(SOCKET_CLOSE.unexpected, m.unexpectedMessage));

    const token = typeof request.query.token === 'string' ? request.query.token : '';
    const found = token && token.length <= TOKEN_MAX ? await app.sessions.find(token) : null;
    if (found?.kind !== 'ok') {
      endSession(socket, found ?? undefined);
      return;
    }
    if (socket.readyState !== socket.OPEN) return;
    const { userId, farmId, sessionId, role } = found.principal;

    // Counted and added with no await between, so sockets opened together cannot all pass.
    const mine = bySession.get(sessionId) ?? new Set<Listener>();
    if (mine.size >= SOCKETS_PER_SESSION) {
      socket.close(SOCKET_CLOSE.tooMany, m.tooManySockets);
      return;
    }
    const listener: Listener = { socket, tokenHash: hashToken(token), sessionId, role };
    mine.add(listener);
    bySession.set(sessionId, mine);

    const unsubscribe = app.events.subscribe(farmId, (event) => {
      if (event.userId !== undefined && event.userId !== userId) return;
      // A removed member's socket closes now: their session has ended.
      if (event.type === 'member' && event.action === 'deleted') {
        socket.close(SOCKET_CLOSE.unauthorized, m.unauthorizedSocket);
        return;
      }
      // A worker hears nothing of money (decision 049).
      if (!hearsLiveUpdate(listener.role, event.type)) return;
      if (socket.readyState !== socket.OPEN) return;
      if (socket.bufferedAmount > BUFFERED_MAX_BYTES) return socket.terminate();
      socket.send(messageOf(event));
    });

    let alive = true;
    socket.on('pong', () => {
      alive = true;
    });
    const heartbeat = setInterval(() => {
      if (!alive) return socket.terminate();
      alive = false;
      socket.ping();
      // An expiry is no change to a row: the heartbeat finds it.
      app.sessions
        .find(token)
        .then((now) => {
          if (now.kind === 'ok') listener.role = now.principal.role;
          else endSession(socket, now);
        })
        .catch(() => socket.terminate());
    }, HEARTBEAT_MS);
    heartbeat.unref();

    socket.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
      mine.delete(listener);
      if (mine.size === 0 && bySession.get(sessionId) === mine) bySession.delete(sessionId);
    });
  }

  app.route<{ Querystring: { token?: unknown } }>({
    method: 'GET',
    url: '/ws',
    config: { public: true },
    // A plain HTTP request (no upgrade) gets the usual error answer.
    handler: async () => {
      throw invalid(m.notASocket);
    },
    wsHandler: live,
  });
}
