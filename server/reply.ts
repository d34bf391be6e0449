// The one way a route answers "done, nothing to show": 204 with no body, sent only after the
// service call has finished, so its errors still reach the error handler as their own status.
import type { FastifyReply } from 'fastify';

/** Awaits `work` (a service call), then answers 204 with no body; a rejection propagates unchanged. */
export async function noContent(reply: FastifyReply, work: Promise<unknown>): Promise<FastifyReply> {
  await work;
  return reply.code(204).send();
}
