// Links on an issue: list, read, create `{url, title?, metadata?}`, edit, delete.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueParams } from '../../shared/schemas/issue';
import { createLinkBody, linkParams, updateLinkBody } from '../../shared/schemas/issue-extras';
import { writeOptions } from '../request-context';
import { createIssueLink, deleteIssueLink, getIssueLink, listIssueLinks, updateIssueLink } from '../services/work-items/issue-link';
import { z } from 'zod';
import { issueLink } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-links';

export default async function issueLinksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/`,
    config: { access: 'project.read'},
    schema: { params: issueParams, response: replies({ 200: z.array(issueLink) }) },
    handler: async (request) => listIssueLinks(app.ctx, request.actor, request.params.issueId),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/`,
    config: { access: 'project.edit'},
    schema: { params: issueParams, body: createLinkBody, response: replies({ 201: issueLink }) },
    handler: async (request, reply) =>
      reply.code(201).send(await createIssueLink(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${BASE}/:linkId/`,
    config: { access: 'project.read'},
    schema: { params: linkParams, response: replies({ 200: issueLink }) },
    handler: async (request) => getIssueLink(app.ctx, request.actor, request.params.issueId, request.params.linkId),
  });

  app.route({
    method: 'PATCH',
    url: `${BASE}/:linkId/`,
    config: { access: 'project.edit'},
    schema: { params: linkParams, body: updateLinkBody, response: replies({ 200: issueLink }) },
    handler: async (request) =>
      updateIssueLink(app.ctx, request.actor, request.params.issueId, request.params.linkId, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/:linkId/`,
    config: { access: 'project.edit'},
    schema: { params: linkParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteIssueLink(app.ctx, request.actor, request.params.issueId, request.params.linkId, writeOptions(request))),
  });
}
