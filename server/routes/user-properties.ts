// Saved list settings per user (reference §1.6.10): cycle, module and workspace `user-properties/`
// and the project's `issue-display-properties/` (API.md). The project copy lives in
// project-user-properties.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { workspaceParams, projectParams } from '../../shared/schemas/project';
import {
  cycleUserPropertiesParams,
  issueDisplayPropertiesBody,
  moduleUserPropertiesParams,
  userPropertiesBody,
  cycleUserPropertiesResponse,
  issueDisplayPropertiesResponse,
  moduleUserPropertiesResponse,
  workspaceUserPropertiesResponse,
} from '../../shared/schemas/user-properties';
import { replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import {
  cycleUserPropertiesFor,
  getIssueDisplayProperties,
  moduleUserPropertiesFor,
  setIssueDisplayProperties,
  workspaceUserPropertiesFor,
} from '../services/accounts/user-properties';


export default async function userPropertiesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cycleUrl = '/api/workspaces/:slug/projects/:projectId/cycles/:cycleId/user-properties/';
  const moduleUrl = '/api/workspaces/:slug/projects/:projectId/modules/:moduleId/user-properties/';
  const workspaceUrl = '/api/workspaces/:slug/user-properties/';
  const displayUrl = '/api/workspaces/:slug/projects/:projectId/issue-display-properties/';

  app.route({
    method: 'GET', url: cycleUrl, config: { access: 'project.own-settings' }, schema: { params: cycleUserPropertiesParams, response: replies({ 200: cycleUserPropertiesResponse }) },
    handler: async (request) => cycleUserPropertiesFor(app.ctx, request.actor, request.params.cycleId),
  });
  app.route({
    method: 'PATCH', url: cycleUrl, config: { access: 'project.own-settings' }, schema: { params: cycleUserPropertiesParams, body: userPropertiesBody, response: replies({ 201: cycleUserPropertiesResponse }) },
    handler: async (request, reply) => reply.code(201).send(await cycleUserPropertiesFor(app.ctx, request.actor, request.params.cycleId, request.body)),
  });
  app.route({
    method: 'GET', url: moduleUrl, config: { access: 'project.own-settings' }, schema: { params: moduleUserPropertiesParams, response: replies({ 200: moduleUserPropertiesResponse }) },
    handler: async (request) => moduleUserPropertiesFor(app.ctx, request.actor, request.params.moduleId),
  });
  app.route({
    method: 'PATCH', url: moduleUrl, config: { access: 'project.own-settings' }, schema: { params: moduleUserPropertiesParams, body: userPropertiesBody, response: replies({ 201: moduleUserPropertiesResponse }) },
    handler: async (request, reply) => reply.code(201).send(await moduleUserPropertiesFor(app.ctx, request.actor, request.params.moduleId, request.body)),
  });
  app.route({
    method: 'GET', url: workspaceUrl, config: { access: 'workspace.own-settings' }, schema: { params: workspaceParams, response: replies({ 200: workspaceUserPropertiesResponse }) },
    handler: async (request) => workspaceUserPropertiesFor(app.ctx, request.actor),
  });
  app.route({
    method: 'PATCH', url: workspaceUrl, config: { access: 'workspace.own-settings' }, schema: { params: workspaceParams, body: userPropertiesBody, response: replies({ 200: workspaceUserPropertiesResponse }) },
    handler: async (request) => workspaceUserPropertiesFor(app.ctx, request.actor, request.body),
  });
  app.route({
    method: 'GET', url: displayUrl, config: { access: 'project.own-settings' }, schema: { params: projectParams, response: replies({ 200: issueDisplayPropertiesResponse }) },
    handler: async (request) => getIssueDisplayProperties(app.ctx, request.actor),
  });
  app.route({
    method: 'POST', url: displayUrl, config: { access: 'project.own-settings' }, schema: { params: projectParams, body: issueDisplayPropertiesBody, response: replies({ 201: issueDisplayPropertiesResponse }) },
    handler: async (request, reply) =>
      reply.code(201).send(await setIssueDisplayProperties(app.ctx, request.actor, request.body.properties, writeOptions(request))),
  });
}
