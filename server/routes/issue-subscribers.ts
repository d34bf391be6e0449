// The caller's subscription to an issue: GET `{subscribed}`, POST subscribe, DELETE unsubscribe.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { writeOptions } from '../request-context';
import { getSubscription, subscribe, unsubscribe } from '../services/issue-subscription';

const URL = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/';
const anyMember = { scope: 'project', min: 'guest' } as const;

export default async function issueSubscribersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: URL,
    config: { access: anyMember },
    schema: { params: issueParams },
    handler: async (request) => getSubscription(app.ctx, request.actor, request.params.issueId),
  });

  app.route({
    method: 'POST',
    url: URL,
    config: { access: anyMember },
    schema: { params: issueParams },
    handler: async (request, reply) => reply.code(201).send(await subscribe(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: URL,
    config: { access: anyMember },
    schema: { params: issueParams },
    handler: async (request, reply) => {
      await unsubscribe(app.ctx, request.actor, request.params.issueId, writeOptions(request));
      return reply.code(204).send();
    },
  });
}
