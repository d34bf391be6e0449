// How routes answer in the two ways many of them share: "done, nothing to show" (204, sent only
// after the service call has finished, so its errors still reach the error handler as their own
// status) and a list engine page (its finished JSON text with the sync cursor).
import type { FastifyReply } from 'fastify';
import { JSON_TYPE, type ListResult } from './list-engine/list-issues';

/** Awaits `work` (a service call), then answers 204 with no body; a rejection propagates unchanged. */
export async function noContent(reply: FastifyReply, work: Promise<unknown>): Promise<FastifyReply> {
  await work;
  return reply.code(204).send();
}

/** Sends a list engine page as the engine wrote it: its JSON text, and `X-Sync-Cursor` for live catch-up. */
export async function sendList(reply: FastifyReply, list: Promise<ListResult>): Promise<FastifyReply> {
  const result = await list;
  return reply.header('x-sync-cursor', result.syncCursor).type(JSON_TYPE).send(result.json);
}
