// Workspace analytics (reference §8.2): the chart (`analytics/`), the overview numbers
// (`default-analytics/`, any member), per-project stats, and saved analytic views (admins keep
// them; members run them). Every answer is limited to the caller's projects (services/planning/analytics.ts).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import { noBody, replies } from '../../shared/schemas/responses';
import {
  analyticViewParams,
  analyticViewResponse,
  analyticsParams,
  analyticsQuery,
  analyticsResponse,
  createAnalyticViewBody,
  defaultAnalyticsResponse,
  projectStatsQuery,
  projectStatsResponse,
  savedAnalyticsResponse,
  updateAnalyticViewBody,
} from '../../shared/schemas/analytics';
import { getAnalytics, getDefaultAnalytics, getProjectStats } from '../services/planning/analytics';
import { createAnalyticView, deleteAnalyticView, getAnalyticView, listAnalyticViews, runAnalyticView, updateAnalyticView } from '../services/planning/analytic-view';
import { noContent } from '../reply';

/** Legacy filters arrive as strings; a repeated key (`a=1&a=2`) is joined as the comma list it means. */
function flatQuery(query: Record<string, string | string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(query).map(([key, value]) => [key, Array.isArray(value) ? value.join(',') : value]));
}

export default async function analyticsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/analytics/',
    config: { access: 'workspace.analytics' },
    schema: { params: analyticsParams, querystring: analyticsQuery, response: replies({ 200: analyticsResponse }) },
    handler: async (request) => getAnalytics(ctx, request.actor, flatQuery(request.query)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/default-analytics/',
    config: { access: 'workspace.read' },
    schema: { params: analyticsParams, querystring: analyticsQuery, response: replies({ 200: defaultAnalyticsResponse }) },
    handler: async (request) => getDefaultAnalytics(ctx, request.actor, flatQuery(request.query)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/project-stats/',
    config: { access: 'workspace.analytics' },
    schema: { params: analyticsParams, querystring: projectStatsQuery, response: replies({ 200: projectStatsResponse }) },
    handler: async (request) => getProjectStats(ctx, request.actor, request.query),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/analytic-view/',
    config: { access: 'workspace.analytic-views' },
    schema: { params: analyticsParams, response: replies({ 200: z.array(analyticViewResponse) }) },
    handler: async (request) => listAnalyticViews(ctx, request.actor),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/analytic-view/',
    config: { access: 'workspace.analytic-views' },
    schema: { params: analyticsParams, body: createAnalyticViewBody, response: replies({ 201: analyticViewResponse }) },
    handler: async (request, reply) => reply.code(201).send(await createAnalyticView(ctx, request.actor, request.body)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/analytic-view/:viewId/',
    config: { access: 'workspace.analytic-views' },
    schema: { params: analyticViewParams, response: replies({ 200: analyticViewResponse }) },
    handler: async (request) => getAnalyticView(ctx, request.actor, request.params.viewId),
  });
  app.route({
    method: 'PATCH',
    url: '/api/workspaces/:slug/analytic-view/:viewId/',
    config: { access: 'workspace.analytic-views' },
    schema: { params: analyticViewParams, body: updateAnalyticViewBody, response: replies({ 200: analyticViewResponse }) },
    handler: async (request) => updateAnalyticView(ctx, request.actor, request.params.viewId, request.body),
  });
  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:slug/analytic-view/:viewId/',
    config: { access: 'workspace.analytic-views' },
    schema: { params: analyticViewParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteAnalyticView(ctx, request.actor, request.params.viewId)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/saved-analytic-view/:viewId/',
    config: { access: 'workspace.analytics' },
    schema: { params: analyticViewParams, querystring: z.object({ segment: z.string().max(100).optional() }), response: replies({ 200: savedAnalyticsResponse }) },
    handler: async (request) => runAnalyticView(ctx, request.actor, request.params.viewId, request.query.segment),
  });
}
