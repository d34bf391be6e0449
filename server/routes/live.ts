// GET /live/ — the live change stream (API.md "Live stream"). The route is 'public' because the
// socket authenticates itself: session cookie, `X-Api-Key` header or `?token=<api key>`.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LiveCloseCode } from '../../shared/live-protocol';
import { createLiveEngine } from '../live/engine';
import { LiveConnection, type SocketAuth } from '../live/socket';

export default async function liveRoutes(app: FastifyInstance) {
  const engine = createLiveEngine(app.ctx, app.log);
  app.addHook('onClose', async () => engine.close());

  app.route({
    method: 'GET',
    url: '/live/',
    config: { access: 'public' },
    handler: async (_request, reply) => reply.code(426).send({ error: 'Upgrade to a WebSocket to use the live stream.' }),
    wsHandler: (socket, request) => {
      const auth = socketAuth(request);
      if (!auth) return socket.close(LiveCloseCode.UNAUTHORIZED, 'unauthorized');
      // Security: a cookie-authenticated socket must come from our own origin (cross-site WebSocket hijacking).
      if (request.auth.via === 'session' && !isSameOrigin(request, app.ctx.config.appBaseUrl)) {
        return socket.close(LiveCloseCode.FORBIDDEN, 'foreign origin');
      }
      new LiveConnection(socket, engine, auth);
    },
  });
}

function socketAuth(request: FastifyRequest): SocketAuth | null {
  const user = request.auth.user;
  if (!user) return null;
  return { userId: user.id, tokenWorkspaceId: request.auth.via === 'api_key' ? (request.auth.apiToken?.workspaceId ?? null) : null };
}

function isSameOrigin(request: FastifyRequest, appBaseUrl: string): boolean {
  const origin = request.headers.origin;
  if (!origin) return true;
  try {
    const url = new URL(origin);
    return url.host === request.headers.host || url.origin === new URL(appBaseUrl).origin;
  } catch {
    return false;
  }
}
