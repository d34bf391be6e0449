// Project pages on Plane's public API (list, create, retrieve, update, archive/unarchive, delete —
// of an archived page, as in the app —, with `description_html`), through the app API's page services and page row rules (private pages,
// locks). Plane's community edition has no public pages API; Trellis has no workspace-level pages.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod';
import { projectParams } from '../../../shared/schemas/project';
import { pageParams, updatePageBody } from '../../../shared/schemas/page';
import { v1ListQuery } from '../../../shared/schemas/api-v1/common';
import { v1CreatePageBody, v1PageDetail, v1PagePage } from '../../../shared/schemas/api-v1/page';
import { archivedAtResponse, noBody, replies } from '../../../shared/schemas/responses';
import type { ProjectActor } from '../../actor';
import { writeOptions } from '../../request-context';
import { presentPage, presentPageDetail } from '../../services/pages/presenters/page';
import { presentV1 } from '../../services/integrations/presenters/api-v1';
import { createPage, deletePage, updatePage } from '../../services/pages/page';
import { listPages } from '../../services/pages/page-list';
import { archivePage, restorePage } from '../../services/pages/page-state';
import { toPageViews } from '../../services/pages/page-read';
import { loadReadablePage } from '../../services/pages/policies/page';
import { listPage, V1_PROJECT } from './adapter';
import { noContent } from '../../reply';

/** Plane's page carries its project and workspace ids. */
const owner = (request: FastifyRequest) => {
  const actor = (request as FastifyRequest & { actor: ProjectActor }).actor;
  return { project: actor.project.id, workspace: actor.workspace.id };
};

export default async function pagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const list = `${V1_PROJECT}/pages/`;
  const one = `${V1_PROJECT}/pages/:pageId/`;

  app.route({
    method: 'GET',
    url: list,
    config: { access: 'project.read' },
    schema: { params: projectParams, querystring: v1ListQuery, response: replies({ 200: v1PagePage }) },
    handler: async (request) => listPage((await listPages(app.ctx, request.actor, {})).map(presentPage), request.query, owner(request)),
  });

  app.route({
    method: 'POST',
    url: list,
    config: { access: 'project.create' },
    schema: { params: projectParams, body: v1CreatePageBody, response: replies({ 201: v1PageDetail }) },
    handler: async (request, reply) => {
      const { parent_id: parentId, ...body } = request.body;
      const created = await createPage(app.ctx, request.actor, { ...body, parent: body.parent ?? parentId }, writeOptions(request));
      return reply.code(201).send(presentV1(presentPageDetail(created), owner(request)));
    },
  });

  app.route({
    method: 'GET',
    url: one,
    config: { access: 'project.read' },
    schema: { params: pageParams, response: replies({ 200: v1PageDetail }) },
    handler: async (request) => {
      const page = await loadReadablePage(app.ctx.db, request.actor, request.params.pageId);
      const [view] = await toPageViews(app.ctx.db, [page], request.actor.userId);
      return presentV1(presentPageDetail(view), owner(request));
    },
  });

  app.route({
    method: 'PATCH',
    url: one,
    config: { access: 'project.row-rule' },
    schema: { params: pageParams, body: updatePageBody, response: replies({ 200: v1PageDetail }) },
    handler: async (request) => presentV1(presentPageDetail(await updatePage(app.ctx, request.actor, request.params.pageId, request.body, writeOptions(request))), owner(request)),
  });

  app.route({
    method: 'POST',
    url: `${V1_PROJECT}/pages/:pageId/archive/`,
    config: { access: 'project.row-rule' },
    schema: { params: pageParams, response: replies({ 200: archivedAtResponse }) },
    handler: async (request) => ({ archived_at: (await archivePage(app.ctx, request.actor, request.params.pageId, writeOptions(request))).toISOString() }),
  });

  // Plane's cycles and modules restore with DELETE `unarchive/`, the app with DELETE `archive/`: both answer.
  for (const action of ['unarchive', 'archive']) {
    app.route({
      method: 'DELETE',
      url: `${V1_PROJECT}/pages/:pageId/${action}/`,
      config: { access: 'project.row-rule' },
      schema: { params: pageParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, restorePage(app.ctx, request.actor, request.params.pageId, writeOptions(request))),
    });
  }

  app.route({
    method: 'DELETE',
    url: one,
    config: { access: 'project.row-rule' },
    schema: { params: pageParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deletePage(app.ctx, request.actor, request.params.pageId, writeOptions(request))),
  });
}
