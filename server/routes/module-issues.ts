// Module issues (reference §3): the module's issue list on the list engine, adding and removing
// issues, and an issue's modules set in one call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { issueListQuery, issueListResponse } from '../../shared/schemas/issue-list';
import { issueModulesBody, issueModulesParams, moduleIssueParams, moduleIssuesBody, moduleParams, successMessage } from '../../shared/schemas/module';
import { noBody, replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import { addModuleIssues, listModuleIssues, removeModuleIssue, setIssueModules } from '../services/planning/module-issue';
import { noContent, sendList } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId';

export default async function moduleIssuesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${BASE}/modules/:moduleId/issues/`, { config: { access: 'project.member-read' }, schema: { params: moduleParams, querystring: issueListQuery, response: replies({ 200: issueListResponse }) } }, async (request, reply) => sendList(reply, listModuleIssues(app.ctx, request.actor, request.params.moduleId, request.query)));
  app.post(`${BASE}/modules/:moduleId/issues/`, { config: { access: 'project.edit' }, schema: { params: moduleParams, body: moduleIssuesBody, response: replies({ 201: successMessage }) } }, async (request, reply) => {
    await addModuleIssues(app.ctx, request.actor, request.params.moduleId, request.body.issues, writeOptions(request));
    return reply.code(201).send({ message: 'success' });
  });
  app.delete(`${BASE}/modules/:moduleId/issues/:issueId/`, { config: { access: 'project.edit' }, schema: { params: moduleIssueParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, removeModuleIssue(app.ctx, request.actor, request.params.moduleId, request.params.issueId, writeOptions(request))));
  app.post(`${BASE}/issues/:issueId/modules/`, { config: { access: 'project.edit' }, schema: { params: issueModulesParams, body: issueModulesBody, response: replies({ 201: successMessage }) } }, async (request, reply) => {
    await setIssueModules(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request));
    return reply.code(201).send({ message: 'success' });
  });
}
