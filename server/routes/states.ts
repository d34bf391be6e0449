// Project states (reference §6, spec §7 States) and the workspace-wide state list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams, workspaceParams } from '../../shared/schemas/project';
import { z } from 'zod';
import { createStateBody, stateListQuery, stateListResponse, stateParams, stateResponse, updateStateBody } from '../../shared/schemas/state';
import { writeOptions } from '../request-context';
import { createState, deleteState, getIntakeState, getState, listStates, listWorkspaceStates, markDefaultState, updateState } from '../services/work-items/state';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function statesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/projects/:projectId/states';

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'project.read' },
    schema: { params: projectParams, querystring: stateListQuery, response: replies({ 200: stateListResponse }) },
    handler: async (request) => listStates(app.ctx, request.actor, request.query.grouped === 'true'),
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'project.admin' },
    schema: { params: projectParams, body: createStateBody, response: replies({ 201: stateResponse }) },
    handler: async (request, reply) => reply.code(201).send(await createState(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${base}/:stateId/`,
    config: { access: 'project.read' },
    schema: { params: stateParams, response: replies({ 200: stateResponse }) },
    handler: async (request) => getState(app.ctx, request.actor, request.params.stateId),
  });

  // Reference quirk fixed: guests may not edit states.
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: `${base}/:stateId/`,
      config: { access: 'project.configure' },
      schema: { params: stateParams, body: updateStateBody, response: replies({ 200: stateResponse }) },
      handler: async (request) => updateState(app.ctx, request.actor, request.params.stateId, request.body, writeOptions(request)),
    });
  }

  app.route({
    method: 'DELETE',
    url: `${base}/:stateId/`,
    config: { access: 'project.admin' },
    schema: { params: stateParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteState(app.ctx, request.actor, request.params.stateId, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: `${base}/:stateId/mark-default/`,
    config: { access: 'project.admin' },
    schema: { params: stateParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, markDefaultState(app.ctx, request.actor, request.params.stateId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/projects/:projectId/intake-state/',
    config: { access: 'project.read' },
    schema: { params: projectParams, response: replies({ 200: stateResponse }) },
    handler: async (request) => getIntakeState(app.ctx, request.actor),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/states/',
    config: { access: 'workspace.read' },
    schema: { params: workspaceParams, response: replies({ 200: z.array(stateResponse) }) },
    handler: async (request) => listWorkspaceStates(app.ctx, request.actor),
  });
}
