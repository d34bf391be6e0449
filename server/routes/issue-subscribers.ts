// Who follows an issue: the caller's own subscription (`subscribe/`: GET `{subscribed}`, POST,
// DELETE) and the explicit subscribers members manage (`issue-subscribers/`: list, add, remove).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { addSubscriberBody, issueSubscriberParams } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import {
  addIssueSubscriber,
  getSubscription,
  listIssueSubscribers,
  removeIssueSubscriber,
  subscribe,
  unsubscribe,
} from '../services/work-items/issue-subscription';
import { z } from 'zod';
import { issueSubscriber, subscriberMember, subscriptionStatus } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const URL = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe/';
const SUBSCRIBERS = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-subscribers/';

export default async function issueSubscribersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: URL,
    config: { access: 'project.read'},
    schema: { params: issueParams, response: replies({ 200: subscriptionStatus }) },
    handler: async (request) => getSubscription(app.ctx, request.actor, request.params.issueId),
  });

  app.route({
    method: 'POST',
    url: URL,
    config: { access: 'project.participate'},
    schema: { params: issueParams, response: replies({ 201: issueSubscriber }) },
    handler: async (request, reply) => reply.code(201).send(await subscribe(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: URL,
    config: { access: 'project.participate'},
    schema: { params: issueParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, unsubscribe(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: SUBSCRIBERS,
    config: { access: 'project.read'},
    schema: { params: issueParams, response: replies({ 200: z.array(subscriberMember) }) },
    handler: async (request) => listIssueSubscribers(app.ctx, request.actor, request.params.issueId),
  });

  app.route({
    method: 'POST',
    url: SUBSCRIBERS,
    config: { access: 'project.edit'},
    schema: { params: issueParams, body: addSubscriberBody, response: replies({ 201: issueSubscriber }) },
    handler: async (request, reply) =>
      reply.code(201).send(await addIssueSubscriber(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: `${SUBSCRIBERS}:userId/`,
    config: { access: 'project.edit'},
    schema: { params: issueSubscriberParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeIssueSubscriber(app.ctx, request.actor, request.params.issueId, request.params.userId, writeOptions(request))),
  });
}
