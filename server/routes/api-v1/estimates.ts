// Estimates and their points on Plane's public API, through the app API's estimate services. Plane
// knows one estimate per project (`estimates/` without an id): the project's active estimate, or
// else its newest.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod';
import { projectParams } from '../../../shared/schemas/project';
import { createEstimateBody, createEstimatePointBody, estimateParams, estimatePointParams, updateEstimateBody, updateEstimatePointBody } from '../../../shared/schemas/estimate';
import { v1CreateEstimateBody, v1CreateEstimatePointsBody, v1Estimate, v1EstimatePoint, v1UpdateEstimateBody } from '../../../shared/schemas/api-v1/estimate';
import { noBody, replies } from '../../../shared/schemas/responses';
import type { ProjectActor } from '../../actor';
import { NotFoundError } from '../../errors';
import { writeOptions } from '../../request-context';
import { createEstimate, createEstimatePoint, deleteEstimate, deleteEstimatePoint, getEstimate, listEstimates, updateEstimate, updateEstimatePoint } from '../../services/work-items/estimate';
import { toAppBody, V1_PROJECT } from './adapter';
import { noContent } from '../../reply';

export default async function estimatesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = `${V1_PROJECT}/estimates`;

  /** The project's estimate as Plane means it. @throws NotFoundError when the project has none. */
  const projectEstimate = async (actor: ProjectActor) => {
    const all = await listEstimates(app.ctx, actor);
    const estimate = all.find((item) => item.id === actor.project.estimateId) ?? all.at(-1);
    if (!estimate) throw new NotFoundError('Estimate not found');
    return estimate;
  };

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'project.read' },
    schema: { params: projectParams, response: replies({ 200: v1Estimate }) },
    handler: async (request) => projectEstimate(request.actor),
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'project.configure' },
    schema: { params: projectParams, body: v1CreateEstimateBody, response: replies({ 201: v1Estimate }) },
    handler: async (request, reply) => {
      const { estimate, estimate_points: points, external_id: _id, external_source: _source, ...fields } = request.body;
      const body = toAppBody(createEstimateBody, { estimate: estimate ?? fields, estimate_points: points ?? [] });
      return reply.code(201).send(await createEstimate(app.ctx, request.actor, body, writeOptions(request)));
    },
  });

  app.route({
    method: 'PATCH',
    url: `${base}/`,
    config: { access: 'project.configure' },
    schema: { params: projectParams, body: v1UpdateEstimateBody, response: replies({ 200: v1Estimate }) },
    handler: async (request) => {
      const current = await projectEstimate(request.actor);
      const { external_id: _id, external_source: _source, ...fields } = request.body;
      // The app's update edits points by id and needs at least one: its points, unchanged.
      const body = toAppBody(updateEstimateBody, { estimate: fields, estimate_points: current.points.map((point) => ({ id: point.id })) });
      return updateEstimate(app.ctx, request.actor, current.id, body, writeOptions(request));
    },
  });

  app.route({
    method: 'DELETE',
    url: `${base}/`,
    config: { access: 'project.configure' },
    schema: { params: projectParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteEstimate(app.ctx, request.actor, (await projectEstimate(request.actor)).id, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${base}/:estimateId/estimate-points/`,
    config: { access: 'project.read' },
    schema: { params: estimateParams, response: replies({ 200: z.array(v1EstimatePoint) }) },
    handler: async (request) => (await getEstimate(app.ctx, request.actor, request.params.estimateId)).points,
  });

  app.route({
    method: 'POST',
    url: `${base}/:estimateId/estimate-points/`,
    config: { access: 'project.configure' },
    schema: { params: estimateParams, body: v1CreateEstimatePointsBody, response: replies({ 201: z.array(v1EstimatePoint) }) },
    handler: async (request, reply) => {
      const { estimateId } = request.params;
      const requested = Array.isArray(request.body) ? request.body : [request.body];
      // Plane numbers a point without a key after the estimate's last one.
      let nextKey = Math.max(0, ...(await getEstimate(app.ctx, request.actor, estimateId)).points.map((point) => point.key)) + 1;
      const created = [];
      for (const point of requested) {
        const body = toAppBody(createEstimatePointBody, { ...point, key: point.key ?? nextKey++ });
        created.push(await createEstimatePoint(app.ctx, request.actor, estimateId, body, writeOptions(request)));
      }
      return reply.code(201).send(created);
    },
  });

  app.route({
    method: 'PATCH',
    url: `${base}/:estimateId/estimate-points/:pointId/`,
    config: { access: 'project.configure' },
    schema: { params: estimatePointParams, body: updateEstimatePointBody, response: replies({ 200: v1EstimatePoint }) },
    handler: async (request) => updateEstimatePoint(app.ctx, request.actor, request.params, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:estimateId/estimate-points/:pointId/`,
    config: { access: 'project.configure' },
    schema: { params: estimatePointParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteEstimatePoint(app.ctx, request.actor, request.params, null, writeOptions(request))),
  });
}
