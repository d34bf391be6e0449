// Cycles on Plane's public API: CRUD, their work items (`cycle-issues/`), moving the unfinished ones
// to another cycle (`transfer-issues/`), archive/unarchive and `archived-cycles/`, all through the
// app API's cycle services and permissions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod';
import { projectParams } from '../../../shared/schemas/project';
import { createCycleBody, cycleIssueParams, cycleParams, updateCycleBody } from '../../../shared/schemas/cycle';
import { v1ListQuery } from '../../../shared/schemas/api-v1/common';
import { v1WorkItemPage } from '../../../shared/schemas/api-v1/work-item';
import { v1CreateCycleBody, v1Cycle, v1CycleIssuesBody, v1CyclePage, v1IssueLinks, v1TransferIssuesBody, v1UpdateCycleBody } from '../../../shared/schemas/api-v1/planning';
import { archivedAtResponse, messageBody, noBody, replies } from '../../../shared/schemas/responses';
import { writeOptions } from '../../request-context';
import {
  addCycleIssues,
  archiveCycle,
  createCycle,
  deleteCycle,
  getCycle,
  listArchivedCycles,
  listCycles,
  removeCycleIssue,
  restoreCycle,
  transferCycleIssues,
  updateCycle,
} from '../../services/planning/cycle';
import { listCycleIssues } from '../../list-engine/issue-lists';
import { listPage, registerProjectCrud, V1_PROJECT } from './adapter';
import { listEngineQuery, sendWorkItemPage } from './work-items';
import { noContent } from '../../reply';

export default async function cyclesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = `${V1_PROJECT}/cycles/:cycleId`;

  registerProjectCrud(app, {
    list: `${V1_PROJECT}/cycles/`,
    idParam: 'cycleId',
    params: { list: projectParams, one: cycleParams },
    access: { list: 'project.read', create: 'project.create', read: 'project.edit', update: 'project.edit', remove: 'project.row-rule' },
    body: { create: createCycleBody, update: updateCycleBody },
    publicBody: { create: v1CreateCycleBody, update: v1UpdateCycleBody },
    item: v1Cycle,
    page: v1CyclePage,
    service: {
      list: (actor) => listCycles(app.ctx, actor),
      create: (actor, _params, body, options) => createCycle(app.ctx, actor, body, options),
      read: (actor, _params, id) => getCycle(app.ctx, actor, id),
      update: (actor, _params, id, body, options) => updateCycle(app.ctx, actor, id, body, options),
      remove: (actor, _params, id, options) => deleteCycle(app.ctx, actor, id, options),
    },
  });

  app.route({
    method: 'GET',
    url: `${one}/cycle-issues/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, querystring: v1ListQuery, response: replies({ 200: v1WorkItemPage }) },
    handler: async (request, reply) => sendWorkItemPage(reply, app.ctx.db, request, listCycleIssues(app.ctx, request.actor, request.params.cycleId, listEngineQuery(request.query))),
  });

  app.route({
    method: 'POST',
    url: `${one}/cycle-issues/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, body: v1CycleIssuesBody, response: replies({ 201: v1IssueLinks }) },
    handler: async (request, reply) => {
      const { cycleId } = request.params;
      await addCycleIssues(app.ctx, request.actor, cycleId, request.body.issues, writeOptions(request));
      const { actor } = request;
      return reply.code(201).send(request.body.issues.map((issue) => ({ id: issue, issue, cycle: cycleId, project: actor.project.id, workspace: actor.workspace.id })));
    },
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
    schema: { params: cycleParams, body: v1TransferIssuesBody, response: replies({ 200: messageBody }) },
    handler: async (request) => {
      await transferCycleIssues(app.ctx, request.actor, request.params.cycleId, request.body.new_cycle_id, writeOptions(request));
      return { message: 'Success' };
    },
  });

  app.route({
    method: 'POST',
    url: `${one}/archive/`,
    config: { access: 'project.edit' },
    schema: { params: cycleParams, response: replies({ 200: archivedAtResponse }) },
    handler: async (request) => archiveCycle(app.ctx, request.actor, request.params.cycleId, writeOptions(request)),
  });

  app.route({
    method: 'GET',
    url: `${V1_PROJECT}/archived-cycles/`,
    config: { access: 'project.edit' },
    schema: { params: projectParams, querystring: v1ListQuery, response: replies({ 200: v1CyclePage }) },
    handler: async (request) => listPage(await listArchivedCycles(app.ctx, request.actor), request.query, { workspace: request.actor.workspace.id }),
  });

  // Plane's SDK unarchives with DELETE `archived-cycles/{id}/unarchive/`; its API reference also with DELETE `cycles/{id}/archive/`.
  for (const url of [`${V1_PROJECT}/archived-cycles/:cycleId/unarchive/`, `${one}/archive/`]) {
    app.route({
      method: 'DELETE',
      url,
      config: { access: 'project.edit' },
      schema: { params: cycleParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, restoreCycle(app.ctx, request.actor, request.params.cycleId, writeOptions(request))),
    });
  }
}
