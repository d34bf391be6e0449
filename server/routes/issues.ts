// Issues of a project: create, read one (with `expand`), update, delete, `issues/list/?issues=`,
// `issues/{id}/meta/` and the workspace-level lookup by display key `work-items/{PROJ}-{seq}/`.
// The paginated list GET `issues/` lives with the list engine.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { createIssueBody, issueDetailQuery, issueIdentifierParams, issueListItem, issueMetaResponse, issueParams, issuesByIdsQuery, projectParams, updateIssueBody } from '../../shared/schemas/issue';
import { writeOptions } from '../request-context';
import { createIssue, deleteIssue } from '../services/work-items/issue';
import { updateIssue } from '../services/work-items/issue-update';
import { getIssueByIdentifier, getIssueDetail, getIssueMeta, listIssuesByIds, presentDetailFor } from '../services/work-items/issue-detail';
import { z } from 'zod';
import { issueByIdentifierResponse, issueDetail } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId';

export default async function issuesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'POST',
    url: `${BASE}/issues/`,
    config: { access: 'project.create'},
    schema: { params: projectParams, body: createIssueBody, response: replies({ 201: issueDetail }) },
    handler: async (request, reply) => {
      const row = await createIssue(app.ctx, request.actor, request.body, writeOptions(request));
      return reply.code(201).send(await presentDetailFor(app.ctx.db, request.actor, row));
    },
  });

  app.route({
    method: 'GET',
    url: `${BASE}/issues/list/`,
    config: { access: 'project.read'},
    schema: { params: projectParams, querystring: issuesByIdsQuery, response: replies({ 200: z.array(issueListItem) }) },
    handler: async (request) => listIssuesByIds(app.ctx, request.actor, request.query.issues),
  });

  app.route({
    method: 'GET',
    url: `${BASE}/issues/:issueId/`,
    config: { access: 'project.read'},
    schema: { params: issueParams, querystring: issueDetailQuery, response: replies({ 200: issueDetail }) },
    handler: async (request) => getIssueDetail(app.ctx, request.actor, request.params.issueId, request.query.expand),
  });

  app.route({
    method: 'PATCH',
    url: `${BASE}/issues/:issueId/`,
    config: { access: 'project.row-rule'},
    schema: { params: issueParams, body: updateIssueBody, response: replies({ 200: issueDetail }) },
    handler: async (request) => {
      const row = await updateIssue(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request));
      return presentDetailFor(app.ctx.db, request.actor, row);
    },
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/issues/:issueId/`,
    config: { access: 'project.row-rule'},
    schema: { params: issueParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${BASE}/issues/:issueId/meta/`,
    config: { access: 'project.read'},
    schema: { params: issueParams, response: replies({ 200: issueMetaResponse }) },
    handler: async (request) => getIssueMeta(app.ctx, request.actor, request.params.issueId),
  });

  // The project is named by the key, so membership is checked by the service, not the route rule.
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/work-items/:identifier/',
    config: { access: 'workspace.read'},
    schema: { params: issueIdentifierParams, querystring: issueDetailQuery, response: replies({ 200: issueByIdentifierResponse }) },
    handler: async (request) => getIssueByIdentifier(app.ctx, request.actor, request.params.identifier, request.query.expand),
  });
}
