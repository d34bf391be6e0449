// Page state switches and favorites (reference §5.3): access, lock/unlock, archive/restore, and the
// caller's favorite pages. Each answers as the reference does (204, or the archive timestamp).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams } from '../../shared/schemas/project';
import { pageAccessBody, pageParams } from '../../shared/schemas/page';
import { writeOptions } from '../request-context';
import { presentPage } from '../services/pages/presenters/page';
import { archivePage, favoritePage, restorePage, setPageAccess, setPageLocked, unfavoritePage } from '../services/pages/page-state';
import { listPages } from '../services/pages/page-list';
import { z } from 'zod';
import { pageResponse } from '../../shared/schemas/page';
import { archivedAtResponse, noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId';

export default async function pageActionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(`${BASE}/pages/:pageId/access/`, { config: { access: 'project.row-rule' }, schema: { params: pageParams, body: pageAccessBody, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, setPageAccess(app.ctx, request.actor, request.params.pageId, request.body.access, writeOptions(request))));

  for (const [method, locked] of [['POST', true], ['DELETE', false]] as const) {
    app.route({
      method,
      url: `${BASE}/pages/:pageId/lock/`,
      config: { access: 'project.row-rule' },
      schema: { params: pageParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, setPageLocked(app.ctx, request.actor, request.params.pageId, locked, writeOptions(request))),
    });
  }

  app.post(`${BASE}/pages/:pageId/archive/`, { config: { access: 'project.row-rule' }, schema: { params: pageParams, response: replies({ 200: archivedAtResponse }) } }, async (request) => {
    const archivedAt = await archivePage(app.ctx, request.actor, request.params.pageId, writeOptions(request));
    return { archived_at: archivedAt.toISOString() };
  });
  app.delete(`${BASE}/pages/:pageId/archive/`, { config: { access: 'project.row-rule' }, schema: { params: pageParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, restorePage(app.ctx, request.actor, request.params.pageId, writeOptions(request))));

  app.get(`${BASE}/favorite-pages/`, { config: { access: 'project.read' }, schema: { params: projectParams, response: replies({ 200: z.array(pageResponse) }) } }, async (request) =>
    (await listPages(app.ctx, request.actor, { favoritesOf: request.actor.userId })).map(presentPage),
  );
  app.post(`${BASE}/favorite-pages/:pageId/`, { config: { access: 'project.configure' }, schema: { params: pageParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, favoritePage(app.ctx, request.actor, request.params.pageId, writeOptions(request))));
  app.delete(`${BASE}/favorite-pages/:pageId/`, { config: { access: 'project.configure' }, schema: { params: pageParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, unfavoritePage(app.ctx, request.actor, request.params.pageId, writeOptions(request))));
}
