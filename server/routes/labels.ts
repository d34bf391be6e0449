// Project labels (reference §7, spec §7 Labels; path segment `issue-labels`) and the workspace-wide list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams, workspaceParams } from '../../shared/schemas/project';
import { z } from 'zod';
import { bulkCreateLabelsBody, createLabelBody, labelParams, labelResponse, updateLabelBody } from '../../shared/schemas/label';
import { writeOptions } from '../request-context';
import { bulkCreateLabels, createLabel, deleteLabel, getLabel, listLabels, listWorkspaceLabels, updateLabel } from '../services/work-items/label';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function labelsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/projects/:projectId/issue-labels';

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'project.read' },
    schema: { params: projectParams, response: replies({ 200: z.array(labelResponse) }) },
    handler: async (request) => listLabels(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'project.admin' },
    schema: { params: projectParams, body: createLabelBody, response: replies({ 201: labelResponse }) },
    handler: async (request, reply) => reply.code(201).send(await createLabel(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${base}/:labelId/`,
    config: { access: 'project.read' },
    schema: { params: labelParams, response: replies({ 200: labelResponse }) },
    handler: async (request) => getLabel(app.ctx, request.actor, request.params.labelId),
  });

  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: `${base}/:labelId/`,
      config: { access: 'project.admin' },
      schema: { params: labelParams, body: updateLabelBody, response: replies({ 200: labelResponse }) },
      handler: async (request) => updateLabel(app.ctx, request.actor, request.params.labelId, request.body, writeOptions(request)),
    });
  }

  app.route({
    method: 'DELETE',
    url: `${base}/:labelId/`,
    config: { access: 'project.admin' },
    schema: { params: labelParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteLabel(app.ctx, request.actor, request.params.labelId, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/projects/:projectId/bulk-create-labels/',
    config: { access: 'project.admin' },
    schema: { params: projectParams, body: bulkCreateLabelsBody, response: replies({ 201: z.strictObject({ labels: z.array(labelResponse) }) }) },
    handler: async (request, reply) => reply.code(201).send(await bulkCreateLabels(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/labels/',
    config: { access: 'workspace.read' },
    schema: { params: workspaceParams, response: replies({ 200: z.array(labelResponse) }) },
    handler: async (request) => listWorkspaceLabels(app.ctx, request.actor),
  });
}
