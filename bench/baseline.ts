// Baseline routes for bench/foundation.ts, mounted only by bench/serve.ts with BENCH_BASELINE=1:
// the same SQL as GET /api/users/me/ and GET /api/workspaces/:slug/members/ (session lookup, workspace
// membership with the sync cursor, the list — the same tables, joins and columns) sent straight
// through the `postgres` driver — no auth plugin, ORM, zod or presenter — so the product routes can
// be reported as a ratio to it.
import type { FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { hashSecret } from '../server/security';

function sessionKey(cookie: string | undefined): string {
  return /session-id=([^;]+)/.exec(cookie ?? '')?.[1] ?? '';
}

/** Registers `GET /bench/baseline/users-me/` and `GET /bench/baseline/members/:slug/`. */
export async function registerBaselineRoutes(app: FastifyInstance, databaseUrl: string): Promise<void> {
  const client = postgres(databaseUrl, { max: Number(process.env.BENCH_POOL ?? 16), onnotice: () => {} });
  app.addHook('onClose', async () => client.end());
  const userFor = async (cookie: string | undefined) => {
    const [row] = await client`select u.* from sessions s join users u on u.id = s.user_id
      where s.id = ${hashSecret(sessionKey(cookie))} and s.kind = 'app' and s.expires_at > now() limit 1`;
    return row;
  };
  app.route({
    method: 'GET',
    url: '/bench/baseline/users-me/',
    config: { access: 'public' },
    handler: async (request, reply) => {
      const user = await userFor(request.headers.cookie);
      if (!user) return reply.code(401).send({});
      return { id: user.id, email: user.email, first_name: user.first_name, last_name: user.last_name, display_name: user.display_name };
    },
  });
  app.route({
    method: 'GET',
    url: '/bench/baseline/members/:slug/',
    config: { access: 'public' },
    handler: async (request, reply) => {
      const user = await userFor(request.headers.cookie);
      if (!user) return reply.code(401).send({});
      // As the access plugin: the workspace row, the caller's role and (GET) the sync cursor in one query.
      const [workspace] = await client`select w.*, m.role, coalesce((select c.id from changes c where c.workspace_id >= w.id and c.workspace_id <= w.id order by c.workspace_id desc, c.id desc limit 1), 0) as head
        from workspaces w join workspace_members m on m.workspace_id = w.id
        and m.member_id = ${user.id} and m.is_active where w.slug = ${(request.params as { slug: string }).slug} and w.deleted_at is null limit 1`;
      if (!workspace) return reply.code(403).send({});
      reply.header('x-sync-cursor', String(workspace.head));
      // As listMembers: every membership column and the user columns of UserAdminLite, sent as they come.
      return client`select m.*, u.id as user_id, u.first_name, u.last_name, u.avatar, u.is_bot, u.display_name, u.email, u.last_login_medium
        from workspace_members m join users u on u.id = m.member_id
        where m.workspace_id = ${workspace.id} and u.is_bot = false order by m.created_at, m.id`;
    },
  });
}
