import type {} from '@fastify/websocket';
import { notificationRefusals as m, SOCKET_CLOSE } from '@kuku/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { invalid } from '../../app-error.js';
import type { FarmEvent } from '../../plugins/events.js';

/** How often a socket is pinged and its session checked again: a dead phone or a revoked session goes. */
const HEARTBEAT_MS = 30_000;
/** A client this far behind (a phone that stopped reading) is closed rather than buffered without end. */
const BUFFERED_MAX_BYTES = 1024 * 1024;
const TOKEN_MAX = 200;

/** What a socket sends of an event: SPEC §7's fields, without who it is for. */
function messageOf(event: FarmEvent): string {
  const { userId: _for, ...message } = event;
  return JSON.stringify(message);
}

type SocketRequest = FastifyRequest<{ Querystring: { token?: unknown } }>;

/**
 * The live-updates socket (SPEC §7 Real-time, DESIGN §5): `/api/ws?token=…`, the token checked like
 * a bearer token. It hears the farm's changes and its own user's notifications, nothing else.
 * A bad or revoked token is closed with SOCKET_CLOSE's code and a reason the client shows.
 */
export async function socketRoutes(app: FastifyInstance) {
  async function live(socket: WebSocket, request: SocketRequest) {
    // The client only listens: anything it sends closes the socket.
    socket.on('message', () => socket.close(SOCKET_CLOSE.unexpected, m.unexpectedMessage));

    const token = typeof request.query.token === 'string' ? request.query.token : '';
    /** The session behind the token, or the socket closed with why. */
    const session = async () => {
      const found = token && token.length <= TOKEN_MAX ? await app.sessions.find(token) : null;
      if (found?.kind === 'ok') return found.principal;
      if (found?.kind === 'expired') socket.close(SOCKET_CLOSE.expired, m.expiredSocket);
      else socket.close(SOCKET_CLOSE.unauthorized, m.unauthorizedSocket);
      return null;
    };
    const principal = await session();
    if (!principal || socket.readyState !== socket.OPEN) return;
    const { userId, farmId } = principal;

    const unsubscribe = app.events.subscribe(farmId, (event) => {
      if (event.userId !== undefined && event.userId !== userId) return;
      // A removed member's socket closes now, not at the next heartbeat: their session has ended.
      if (event.type === 'member' && event.action === 'deleted') {
        socket.close(SOCKET_CLOSE.unauthorized, m.unauthorizedSocket);
        return;
      }
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
      session().catch(() => socket.terminate());
    }, HEARTBEAT_MS);
    heartbeat.unref();

    socket.once('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
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
