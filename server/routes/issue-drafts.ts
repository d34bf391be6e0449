// Draft issues: project-level `issue-drafts/` (issue shapes with is_draft true) and the workspace
// `draft-issues/` of reference §1.6.13 with `draft-to-issue/`.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import {
  createIssueBody,
  createWorkspaceDraftBody,
  draftListQuery,
  draftToIssueBody,
  issueListItem,
  issueParams,
  projectParams,
  updateIssueBody,
  workspaceDraftParams,
  workspaceDraftsResponse,
  workspaceParams,
} from '../../shared/schemas/issue';
import { writeOptions } from '../request-context';
import { presentDetailFor } from '../services/work-items/issue-detail';
import { actorInProject, convertDraft, createDraft, deleteDraft, getDraft, listProjectDrafts, listWorkspaceDrafts, updateDraft } from '../services/work-items/issue-draft';
import { z } from 'zod';
import { issueDetail } from '../../shared/schemas/issue-extras';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const PROJECT = '/api/workspaces/:slug/projects/:projectId/issue-drafts';
const WORKSPACE = '/api/workspaces/:slug';

export default async function issueDraftsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET', url: `${PROJECT}/`, config: { access: 'project.read' }, schema: { params: projectParams, response: replies({ 200: z.array(issueListItem) }) },
    handler: async (request) => listProjectDrafts(app.ctx, request.actor),
  });
  app.route({
    method: 'POST', url: `${PROJECT}/`, config: { access: 'project.create' }, schema: { params: projectParams, body: createIssueBody, response: replies({ 201: issueDetail }) },
    handler: async (request, reply) => {
      const row = await createDraft(app.ctx, request.actor, request.body, writeOptions(request));
      return reply.code(201).send(await presentDetailFor(app.ctx.db, request.actor, row));
    },
  });
  app.route({
    method: 'GET', url: `${PROJECT}/:issueId/`, config: { access: 'project.read' }, schema: { params: issueParams, response: replies({ 200: issueDetail }) },
    handler: async (request) => {
      const { actor, row } = await getDraft(app.ctx, request.actor, request.params.issueId);
      return presentDetailFor(app.ctx.db, actor, row);
    },
  });
  app.route({
    method: 'PATCH', url: `${PROJECT}/:issueId/`, config: { access: 'project.row-rule' }, schema: { params: issueParams, body: updateIssueBody, response: replies({ 200: issueDetail }) },
    handler: async (request) => {
      const row = await updateDraft(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request));
      return presentDetailFor(app.ctx.db, request.actor, row);
    },
  });
  app.route({
    method: 'DELETE', url: `${PROJECT}/:issueId/`, config: { access: 'project.row-rule' }, schema: { params: issueParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteDraft(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
  });

  app.route({
    method: 'GET', url: `${WORKSPACE}/draft-issues/`, config: { access: 'workspace.draft' }, schema: { params: workspaceParams, querystring: draftListQuery, response: replies({ 200: workspaceDraftsResponse }) },
    handler: async (request) => listWorkspaceDrafts(app.ctx, request.actor, request.query),
  });
  app.route({
    method: 'POST', url: `${WORKSPACE}/draft-issues/`, config: { access: 'workspace.draft' }, schema: { params: workspaceParams, body: createWorkspaceDraftBody, response: replies({ 201: issueDetail }) },
    handler: async (request, reply) => {
      const actor = await actorInProject(app.ctx.db, request.actor, request.body.project_id);
      const row = await createDraft(app.ctx, actor, request.body, writeOptions(request));
      return reply.code(201).send(await presentDetailFor(app.ctx.db, actor, row));
    },
  });
  app.route({
    method: 'GET', url: `${WORKSPACE}/draft-issues/:issueId/`, config: { access: 'workspace.draft' }, schema: { params: workspaceDraftParams, response: replies({ 200: issueDetail }) },
    handler: async (request) => {
      const { actor, row } = await getDraft(app.ctx, request.actor, request.params.issueId);
      return presentDetailFor(app.ctx.db, actor, row);
    },
  });
  app.route({
    method: 'PATCH', url: `${WORKSPACE}/draft-issues/:issueId/`, config: { access: 'workspace.draft' }, schema: { params: workspaceDraftParams, body: updateIssueBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, updateDraft(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request))),
  });
  app.route({
    method: 'DELETE', url: `${WORKSPACE}/draft-issues/:issueId/`, config: { access: 'workspace.draft' }, schema: { params: workspaceDraftParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteDraft(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
  });
  app.route({
    method: 'POST', url: `${WORKSPACE}/draft-to-issue/:issueId/`, config: { access: 'workspace.publish-draft' }, schema: { params: workspaceDraftParams, body: draftToIssueBody, response: replies({ 201: issueDetail }) },
    handler: async (request, reply) => {
      const { actor, row } = await convertDraft(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request));
      return reply.code(201).send(await presentDetailFor(app.ctx.db, actor, row));
    },
  });
}
