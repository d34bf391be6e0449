// The home dashboard (reference accounts §12.1, spec §7 "Dashboard", API.md): the caller's home
// dashboard (get-or-create), one widget's figures, the dashboard by id, and a widget's visibility,
// order and saved filters. A dashboard belongs to one user: anyone else's answers 404 (service).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import {
  dashboardHomeQuery,
  dashboardParams,
  dashboardWidgetParams,
  homeDashboardResponse,
  updateWidgetBody,
  widgetStatsQuery,
  widgetStatsResponse,
  widgetUpdatedResponse,
  workspaceDashboardParams,
} from '../../shared/schemas/dashboard';
import { slugParams } from '../../shared/schemas/workspace';
import { replies } from '../../shared/schemas/responses';
import { getDashboard, getHomeDashboard, getWidgetStats, updateDashboardWidget } from '../services/planning/dashboard';

export default async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/dashboard/',
    config: { access: 'workspace.own-settings' },
    schema: { params: slugParams, querystring: dashboardHomeQuery, response: replies({ 200: homeDashboardResponse }) },
    handler: async (request) => getHomeDashboard(db, request.actor, request.query.dashboard_type),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/dashboard/:dashboardId/',
    config: { access: 'workspace.read' },
    schema: { params: workspaceDashboardParams, querystring: widgetStatsQuery, response: replies({ 200: widgetStatsResponse }) },
    handler: async (request) => getWidgetStats(app.ctx, request.actor, request.params.dashboardId, request.query),
  });

  app.route({
    method: 'GET',
    url: '/api/dashboard/:dashboardId/',
    config: { access: 'authenticated' },
    schema: { params: dashboardParams, response: replies({ 200: homeDashboardResponse }) },
    handler: async (request) => getDashboard(db, request.actor, request.params.dashboardId),
  });

  app.route({
    method: 'PATCH',
    url: '/api/dashboard/:dashboardId/widgets/:widgetId/',
    config: { access: 'authenticated' },
    schema: { params: dashboardWidgetParams, body: updateWidgetBody, response: replies({ 200: widgetUpdatedResponse }) },
    handler: async (request) => updateDashboardWidget(db, request.actor, request.params.dashboardId, request.params.widgetId, request.body),
  });
}
