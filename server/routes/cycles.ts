// Cycles (reference §2, spec §7 "Cycles"): CRUD, date check, cycle issues (list on the list engine,
// add/move, remove), transfer, progress and analytics, archive/restore and the archived list,
// favorites, and the workspace `cycles/` and `active-cycles/`.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import {
  activeCyclesQuery,
  activeCyclesResponse,
  createCycleBody,
  cycleAnalyticsQuery,
  cycleAnalyticsResponse,
  cycleDateCheckBody,
  cycleDateCheckResponse,
  cycleIssueListQuery,
  cycleIssueParams,
  cycleIssuesBody,
  cycleListQuery,
  cycleParams,
  cycleProgressResponse,
  cycleResponse,
  favoriteCycleBody,
  transferIssuesBody,
  updateCycleBody,
} from '../../shared/schemas/cycle';
import { projectParams, workspaceParams } from '../../shared/schemas/project';
import { issueListResponse } from '../../shared/schemas/issue-list';
import { archivedAtResponse, messageBody, noBody, replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import { resolveListPagination } from '../list-engine/params';
import { listCycleIssues } from '../list-engine/issue-lists';
import {
  addCycleIssues,
  archiveCycle,
  checkCycleDates,
  createCycle,
  deleteCycle,
  favoriteCycle,
  getArchivedCycle,
  getCycle,
  getCycleAnalytics,
  getCycleProgress,
  listActiveCycles,
  listArchivedCycles,
  listCycles,
  listWorkspaceCycles,
  removeCycleIssue,
  restoreCycle,
  transferCycleIssues,
  unfavoriteCycle,
  updateCycle,
} from '../services/planning/cycle';
import { noContent, sendList } from '../reply';

export default async function cyclesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/projects/:projectId';
  const one = `${base}/cycles/:cycleId`;

  app.route({
    method: 'GET',
    url: `${base}/cycles/`,
    config: { access: 'project.read' },
    schema: { params: projectParams, querystring: cycleListQuery, response: replies({ 200: z.array(cycleResponse) }) },
    handler: async (request) => listCycles(app.ctx, request.actor, request.query.cycle_view),
  });

  app.route({
    method: 'POST',
    url: `${base}/cycles/`,
    config: { access: 'project.create' },
    schema: { params: projectParams, body: createCycleBody, response: replies({ 201: cycleResponse }) },
    handler: async (request, reply) => reply.code(201).send(await createCycle(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: `${base}/cycles/date-check/`,
    config: { access: 'project.edit' },
    schema: { params: projectParams, body: cycleDateCheckBody, response: replies({ 200: cycleDateCheckResponse }) },
    handler: async (request) => checkCycleDates(app.ctx, request.actor, request.body),
  });

  app.route({
    method: 'GET',
    url: `${one}/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, response: replies({ 200: cycleResponse }) },
    handler: async (request) => getCycle(app.ctx, request.actor, request.params.cycleId),
  });

  app.route({
    method: 'PATCH',
    url: `${one}/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, body: updateCycleBody, response: replies({ 200: cycleResponse }) },
    handler: async (request) => updateCycle(app.ctx, request.actor, request.params.cycleId, request.body, writeOptions(request)),
  });

  // Admin or the cycle's creator: the row rule is the service's.
  app.route({
    method: 'DELETE',
    url: `${one}/`,
    config: { access: 'project.row-rule' },
    schema: { params: cycleParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteCycle(app.ctx, request.actor, request.params.cycleId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${one}/cycle-issues/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, querystring: cycleIssueListQuery, response: replies({ 200: issueListResponse }) },
    handler: async (request, reply) => sendList(reply, listCycleIssues(app.ctx, request.actor, request.params.cycleId, request.query)),
  });

  app.route({
    method: 'POST',
    url: `${one}/cycle-issues/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, body: cycleIssuesBody, response: replies({ 201: messageBody }) },
    handler: async (request, reply) =>
      reply.code(201).send(await addCycleIssues(app.ctx, request.actor, request.params.cycleId, request.body.issues, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: `${one}/cycle-issues/:issueId/`,
    config: { access: 'project.edit' },
    schema: { params: cycleIssueParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeCycleIssue(app.ctx, request.actor, request.params.cycleId, request.params.issueId, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: `${one}/transfer-issues/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, body: transferIssuesBody, response: replies({ 200: messageBody }) },
    handler: async (request) => transferCycleIssues(app.ctx, request.actor, request.params.cycleId, request.body.new_cycle_id, writeOptions(request)),
  });

  // Spec §7 names both `progress/` and `cycle-progress/`; they answer the same.
  for (const path of ['progress', 'cycle-progress']) {
    app.route({
      method: 'GET',
      url: `${one}/${path}/`,
      config: { access: 'project.read' },
      schema: { params: cycleParams, response: replies({ 200: cycleProgressResponse }) },
      handler: async (request) => getCycleProgress(app.ctx, request.actor, request.params.cycleId),
    });
  }

  app.route({
    method: 'GET',
    url: `${one}/analytics/`,
    config: { access: 'project.read' },
    schema: { params: cycleParams, querystring: cycleAnalyticsQuery, response: replies({ 200: cycleAnalyticsResponse }) },
    handler: async (request) => getCycleAnalytics(app.ctx, request.actor, request.params.cycleId, request.query.type),
  });

  app.route({
    method: 'POST',
    url: `${one}/archive/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, response: replies({ 200: archivedAtResponse }) },
    handler: async (request) => archiveCycle(app.ctx, request.actor, request.params.cycleId, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${one}/archive/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, restoreCycle(app.ctx, request.actor, request.params.cycleId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${base}/archived-cycles/`,
    config: { access: 'project.edit' },
    schema: { params: projectParams, response: replies({ 200: z.array(cycleResponse) }) },
    handler: async (request) => listArchivedCycles(app.ctx, request.actor),
  });

  app.route({
    method: 'GET',
    url: `${base}/archived-cycles/:cycleId/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, response: replies({ 200: cycleResponse }) },
    handler: async (request) => getArchivedCycle(app.ctx, request.actor, request.params.cycleId),
  });

  app.route({
    method: 'POST',
    url: `${base}/user-favorite-cycles/`,
    config: { access: 'project.edit' },
    schema: { params: projectParams, body: favoriteCycleBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, favoriteCycle(app.ctx, request.actor, request.body.cycle, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/user-favorite-cycles/:cycleId/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, unfavoriteCycle(app.ctx, request.actor, request.params.cycleId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/cycles/',
    config: { access: 'workspace.read' },
    schema: { params: workspaceParams, response: replies({ 200: z.array(cycleResponse) }) },
    handler: async (request) => listWorkspaceCycles(app.ctx, request.actor),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/active-cycles/',
    config: { access: 'workspace.read' },
    schema: { params: workspaceParams, querystring: activeCyclesQuery, response: replies({ 200: activeCyclesResponse }) },
    handler: async (request) => listActiveCycles(app.ctx, request.actor, resolveListPagination(request.query)),
  });
}
