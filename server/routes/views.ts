// Saved views (reference §4, API.md "Views"): project views under …/projects/{id}/views/ and global
// views under /api/workspaces/{ws}/views/ — list, create, read, update (owner, unlocked), delete
// (owner or admin), lock/unlock and access (owner), favorites, and each view's issue list.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams, workspaceParams } from '../../shared/schemas/project';
import { issueListQuery, issueListResponse } from '../../shared/schemas/issue-list';
import {
  createViewBody,
  favoriteViewBody,
  projectViewParams,
  updateViewBody,
  viewAccessBody,
  viewListQuery,
  viewResponse,
  workspaceViewParams,
} from '../../shared/schemas/view';
import { noBody, replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import { presentView } from '../services/planning/presenters/view';
import {
  createView,
  deleteView,
  favoriteView,
  getView,
  listViewIssues,
  listViews,
  setViewAccess,
  setViewLocked,
  unfavoriteView,
  updateView,
} from '../services/planning/view';
import { noContent, sendList } from '../reply';

const PROJECT = '/api/workspaces/:slug/projects/:projectId';
const WORKSPACE = '/api/workspaces/:slug';

/** The two levels share every handler; they differ in path, params and the permission names. */
const LEVELS = [
  { base: `${PROJECT}/views`, params: projectParams, one: projectViewParams, read: { access: 'project.read' }, create: { access: 'project.create' }, row: { access: 'project.row-rule' } },
  { base: `${WORKSPACE}/views`, params: workspaceParams, one: workspaceViewParams, read: { access: 'workspace.read' }, create: { access: 'workspace.create' }, row: { access: 'workspace.row-rule' } },
] as const;

export default async function viewsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const level of LEVELS) {
    app.get(`${level.base}/`, { config: { access: level.read.access }, schema: { params: level.params, querystring: viewListQuery, response: replies({ 200: z.array(viewResponse) }) } }, async (request) =>
      (await listViews(app.ctx, request.actor, request.query.order_by)).map(presentView),
    );
    app.post(`${level.base}/`, { config: { access: level.create.access }, schema: { params: level.params, body: createViewBody, response: replies({ 201: viewResponse }) } }, async (request, reply) =>
      reply.code(201).send(presentView(await createView(app.ctx, request.actor, request.body, writeOptions(request)))),
    );
    app.get(`${level.base}/:viewId/`, { config: { access: level.read.access }, schema: { params: level.one, response: replies({ 200: viewResponse }) } }, async (request) =>
      presentView(await getView(app.ctx, request.actor, request.params.viewId)),
    );
    app.patch(`${level.base}/:viewId/`, { config: { access: level.row.access }, schema: { params: level.one, body: updateViewBody, response: replies({ 200: viewResponse }) } }, async (request) =>
      presentView(await updateView(app.ctx, request.actor, request.params.viewId, request.body, writeOptions(request))),
    );
    app.delete(`${level.base}/:viewId/`, { config: { access: level.row.access }, schema: { params: level.one, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, deleteView(app.ctx, request.actor, request.params.viewId, writeOptions(request))));
    for (const [method, locked] of [['POST', true], ['DELETE', false]] as const) {
      app.route({
        method,
        url: `${level.base}/:viewId/lock/`,
        config: { access: level.row.access },
        schema: { params: level.one, response: replies({ 204: noBody }) },
        handler: async (request, reply) => noContent(reply, setViewLocked(app.ctx, request.actor, request.params.viewId, locked, writeOptions(request))),
      });
    }
    app.post(`${level.base}/:viewId/access/`, { config: { access: level.row.access }, schema: { params: level.one, body: viewAccessBody, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, setViewAccess(app.ctx, request.actor, request.params.viewId, request.body.access, writeOptions(request))));
    app.get(`${level.base}/:viewId/issues/`, { config: { access: level.read.access }, schema: { params: level.one, querystring: issueListQuery, response: replies({ 200: issueListResponse }) } }, async (request, reply) => sendList(reply, listViewIssues(app.ctx, request.actor, request.params.viewId, request.query)));
  }

  app.post(`${PROJECT}/user-favorite-views/`, { config: { access: 'project.configure' }, schema: { params: projectParams, body: favoriteViewBody, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, favoriteView(app.ctx, request.actor, request.body.view, writeOptions(request))));
  app.delete(`${PROJECT}/user-favorite-views/:viewId/`, { config: { access: 'project.configure' }, schema: { params: projectViewParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, unfavoriteView(app.ctx, request.actor, request.params.viewId, writeOptions(request))));
}
