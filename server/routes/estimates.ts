// Estimates and estimate points (reference §8), the project's active points and the workspace list.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams, workspaceParams } from '../../shared/schemas/project';
import {
  createEstimateBody,
  createEstimatePointBody,
  deleteEstimatePointBody,
  estimateParams,
  estimatePointParams,
  updateEstimateBody,
  updateEstimatePointBody,
} from '../../shared/schemas/estimate';
import { writeOptions } from '../request-context';
import {
  createEstimate,
  createEstimatePoint,
  deleteEstimate,
  deleteEstimatePoint,
  getEstimate,
  listActiveEstimatePoints,
  listEstimates,
  listWorkspaceEstimates,
  updateEstimate,
  updateEstimatePoint,
} from '../services/work-items/estimate';
import { z } from 'zod';
import { estimatePointResponse, estimateResponse } from '../../shared/schemas/estimate';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function estimatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/projects/:projectId/estimates';

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'project.read'},
    schema: { params: projectParams, response: replies({ 200: z.array(estimateResponse) }) },
    handler: async (request) => listEstimates(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'project.configure'},
    schema: { params: projectParams, body: createEstimateBody, response: replies({ 201: estimateResponse }) },
    handler: async (request, reply) => reply.code(201).send(await createEstimate(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${base}/:estimateId/`,
    config: { access: 'project.read'},
    schema: { params: estimateParams, response: replies({ 200: estimateResponse }) },
    handler: async (request) => getEstimate(app.ctx, request.actor, request.params.estimateId),
  });

  app.route({
    method: 'PATCH',
    url: `${base}/:estimateId/`,
    config: { access: 'project.configure'},
    schema: { params: estimateParams, body: updateEstimateBody, response: replies({ 200: estimateResponse }) },
    handler: async (request) => updateEstimate(app.ctx, request.actor, request.params.estimateId, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:estimateId/`,
    config: { access: 'project.configure'},
    schema: { params: estimateParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteEstimate(app.ctx, request.actor, request.params.estimateId, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: `${base}/:estimateId/estimate-points/`,
    config: { access: 'project.configure'},
    schema: { params: estimateParams, body: createEstimatePointBody, response: replies({ 200: estimatePointResponse }) },
    handler: async (request) => createEstimatePoint(app.ctx, request.actor, request.params.estimateId, request.body, writeOptions(request)),
  });

  app.route({
    method: 'PATCH',
    url: `${base}/:estimateId/estimate-points/:pointId/`,
    config: { access: 'project.configure'},
    schema: { params: estimatePointParams, body: updateEstimatePointBody, response: replies({ 200: estimatePointResponse }) },
    handler: async (request) => updateEstimatePoint(app.ctx, request.actor, request.params, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:estimateId/estimate-points/:pointId/`,
    config: { access: 'project.configure'},
    schema: { params: estimatePointParams, body: deleteEstimatePointBody, response: replies({ 200: z.array(estimatePointResponse) }) },
    handler: async (request) =>
      deleteEstimatePoint(app.ctx, request.actor, request.params, request.body?.new_estimate_id, writeOptions(request)),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/projects/:projectId/project-estimates/',
    config: { access: 'project.configure'},
    schema: { params: projectParams, response: replies({ 200: z.array(estimatePointResponse) }) },
    handler: async (request) => listActiveEstimatePoints(app.ctx, request.actor),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/estimates/',
    config: { access: 'workspace.read'},
    schema: { params: workspaceParams, response: replies({ 200: z.array(estimateResponse) }) },
    handler: async (request) => listWorkspaceEstimates(app.ctx, request.actor),
  });
}
