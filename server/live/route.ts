// GET /live/ — the live change stream (API.md "Live stream"), the "live" service of a process
// (registered by the composition root, boot/services.ts, after the request pipeline it shares with
// REST). The route is 'public' because the socket authenticates itself: session cookie,
// `X-Api-Key` header or `?token=<api key>`.
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { LiveCloseCode } from '../../shared/live-protocol';
import { isSameOrigin } from '../../shared/same-origin';
import { createLiveEngine } from './engine';
import { LiveConnection, type SocketAuth } from './socket';
import { replies } from '../../shared/schemas/responses';

export default async function liveRoutes(app: FastifyInstance) {
  const engine = createLiveEngine(app.ctx, app.log);
  app.addHook('onClose', async () => engine.close());

  app.route({
    method: 'GET',
    url: '/live/',
    config: { access: 'public' },
    // Only the 426 for a plain GET has a body; the upgrade itself answers 101 and speaks live-protocol.
    schema: { response: replies({}) },
    handler: async (_request, reply) => reply.code(426).send({ error: 'Upgrade to a WebSocket to use the live stream.' }),
    wsHandler: (socket, request) => {
      const auth = socketAuth(request);
      if (!auth) return socket.close(LiveCloseCode.UNAUTHORIZED, 'unauthorized');
      // Security: a cookie-authenticated socket must come from our own origin (cross-site WebSocket hijacking).
      if (request.auth.via === 'session' && !isSameOrigin(request.headers, app.ctx.config.appBaseUrl)) {
        return socket.close(LiveCloseCode.FORBIDDEN, 'foreign origin');
      }
      releaseUpgradeRequest(socket, request);
      new LiveConnection(socket, engine, auth);
    },
  });
}

/**
 * A live socket stays open for hours: let go of the upgrade's HTTP request and response (headers,
 * auth rows, child logger), which @fastify/websocket's `error` listener and Node's `ServerResponse`
 * (still attached to the TCP socket) would otherwise keep for as long. LiveConnection installs its
 * own `error` listener, which closes the connection.
 */
function releaseUpgradeRequest(socket: WebSocket, request: FastifyRequest) {
  socket.removeAllListeners('error');
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}

function socketAuth(request: FastifyRequest): SocketAuth | null {
  const { user, via, apiToken, sessionId } = request.auth;
  if (!user) return null;
  if (via === 'api_key' && apiToken) return { userId: user.id, tokenWorkspaceId: apiToken.workspaceId ?? null, credential: { kind: 'api_key', id: apiToken.id } };
  if (via === 'session' && sessionId) return { userId: user.id, tokenWorkspaceId: null, credential: { kind: 'session', id: sessionId } };
  return null;
}
