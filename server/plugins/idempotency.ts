// Two sync helpers at the HTTP edge (DESIGN "The sync engine" 4–5).
// 1. `X-Client-Mutation-Id`: the first 2xx answer of a mutating request is stored in
//    `mutation_receipts`; a repeat with the same id by the same actor gets that answer back and
//    changes nothing. Services that write through `withTransaction` claim the receipt (status 0)
//    inside their write transaction, so a concurrent duplicate cannot apply twice (it gets 409)
//    and a crash cannot leave a write without its claim; this hook then stores the answer.
//    Mutating routes with an actor that do NOT write through `withTransaction` get their receipt
//    only here, after the handler (audit of server/routes, 2026-11-22): a concurrent duplicate
//    may apply twice and a crash between the write and this insert loses the receipt. They are
//    all single-statement or idempotent writes, where a second application changes nothing new:
//      PATCH /api/users/me/, me/profile/, me/onboard/, me/tour-completed/, me/notification-preferences/;
//      PATCH /api/instances/; PATCH cycle/module/workspace user-properties;
//      PATCH|DELETE /api/workspaces/:slug/invitations/:invitationId/;
//      DELETE /api/workspaces/:slug/api-tokens/:tokenId/ and project-identifiers/;
//      POST /auth/change-password/ and /auth/set-password/ (a repeat re-sets the same password).
//    POST /api/workspaces/:slug/api-tokens/ answers with the new secret, so it opts out
//    (`config.mutationReceipt: false`): a secret is never stored in `mutation_receipts`.
//    Public /auth/* routes have no actor, so they have no receipt.
// 2. `X-Sync-Cursor` on workspace-scoped GETs: the workspace's last change id, read *before* the
//    handler's query, so every change up to it is already in the answer; later ones are replayed
//    to a client that subscribes with it (duplicates are harmless: versions only grow).
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ConflictError } from '../errors';
import { findReceipt, saveReceipt, workspaceHead } from '../live/record-change';
import { clientMutationId } from '../request-context';

const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** A receipt claimed by a write that never stored its answer (crash) is still "applied". */
const IN_PROGRESS_WAIT_MS = 2000;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false`: never store this route's answer as a mutation receipt (it carries a secret). */
    mutationReceipt?: false;
  }
  interface FastifyRequest {
    /** Set when this request's answer should be stored as its mutation receipt. */
    mutationReceipt: { actorId: string; clientMutationId: string } | null;
  }
}

async function idempotencyPlugin(app: FastifyInstance) {
  const { db } = app.ctx;
  app.decorateRequest('mutationReceipt', null);

  app.addHook('preHandler', async (request, reply) => {
    if (request.method === 'GET') return setSyncCursor(request, reply);
    const mutationId = MUTATING.has(request.method) ? clientMutationId(request) : null;
    const actorId = request.auth?.user?.id;
    if (!mutationId || !actorId || request.routeOptions.config?.mutationReceipt === false) return;
    const stored = await waitForAnswer(actorId, mutationId);
    if (stored && stored.status > 0) {
      reply.header('x-idempotent-replay', 'true');
      if (stored.response === null) return reply.code(stored.status).send();
      return reply.code(stored.status).send(stored.response);
    }
    if (stored) throw new ConflictError('This X-Client-Mutation-Id has already been used.');
    request.mutationReceipt = { actorId, clientMutationId: mutationId };
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const receipt = request.mutationReceipt;
    if (!receipt || reply.statusCode < 200 || reply.statusCode >= 300) return payload;
    request.mutationReceipt = null;
    await saveReceipt(db, receipt.actorId, receipt.clientMutationId, reply.statusCode, parseStored(payload));
    return payload;
  });

  /** The access plugin read the head with the membership; only a route it did not resolve costs a query. */
  async function setSyncCursor(request: FastifyRequest, reply: FastifyReply) {
    const workspaceId = request.actor?.workspace?.id;
    if (!workspaceId) return;
    reply.header('x-sync-cursor', String(request.workspaceHead ?? (await workspaceHead(db, workspaceId))));
  }

  /** The stored receipt; a claimed one (status 0) is awaited briefly in case its answer is being stored. */
  async function waitForAnswer(actorId: string, mutationId: string) {
    const deadline = Date.now() + IN_PROGRESS_WAIT_MS;
    for (;;) {
      const stored = await findReceipt(db, actorId, mutationId);
      if (!stored || stored.status > 0 || Date.now() > deadline) return stored;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

function parseStored(payload: unknown): unknown {
  if (payload === undefined || payload === null || payload === '') return null;
  if (typeof payload !== 'string') return null;
  try {
    return JSON.parse(payload);
  } catch {
    return null;
  }
}

export default fp(idempotencyPlugin, { name: 'idempotency', dependencies: ['access'] });
