// Project pages (reference §5.3, spec §7 Pages): list, summary, archived list, create, read, update,
// delete, duplicate and versions. Row rules live in shared/policies/page.ts via server/services/pages/policies/page.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams } from '../../shared/schemas/project';
import {
  createPageBody,
  pageDetailResponse,
  pageListQuery,
  pageParams,
  pageResponse,
  pagesSummaryResponse,
  pageVersionDetailResponse,
  pageVersionParams,
  pageVersionResponse,
  updatePageBody,
} from '../../shared/schemas/page';
import { writeOptions } from '../request-context';
import { presentPage, presentPageDetail, presentPageVersion, presentPageVersionDetail } from '../services/pages/presenters/page';
import { createPage, deletePage, duplicatePage, updatePage } from '../services/pages/page';
import { listPages, summarizePages } from '../services/pages/page-list';
import { loadPageExtras, withPageExtras } from '../services/pages/page-read';
import { findPageVersion, listPageVersions } from '../../db/page-storage';
import { loadReadablePage } from '../services/pages/policies/page';
import { NotFoundError } from '../errors';
import { z } from 'zod';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId';

export default async function pagesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${BASE}/pages/`, { config: { access: 'project.read' }, schema: { params: projectParams, querystring: pageListQuery, response: replies({ 200: z.array(pageResponse) }) } }, async (request) =>
    (await listPages(app.ctx, request.actor, { rootOnly: true, search: request.query.search })).map(presentPage),
  );
  app.get(`${BASE}/archived-pages/`, { config: { access: 'project.read' }, schema: { params: projectParams, querystring: pageListQuery, response: replies({ 200: z.array(pageResponse) }) } }, async (request) =>
    (await listPages(app.ctx, request.actor, { archivedOnly: true, search: request.query.search })).map(presentPage),
  );
  app.get(`${BASE}/pages-summary/`, { config: { access: 'project.read' }, schema: { params: projectParams, response: replies({ 200: pagesSummaryResponse }) } }, async (request) => summarizePages(app.ctx, request.actor));

  app.post(`${BASE}/pages/`, { config: { access: 'project.create' }, schema: { params: projectParams, body: createPageBody, response: replies({ 201: pageDetailResponse }) } }, async (request, reply) =>
    reply.code(201).send(presentPageDetail(await createPage(app.ctx, request.actor, request.body, writeOptions(request)))),
  );

  app.get(`${BASE}/pages/:pageId/`, { config: { access: 'project.read' }, schema: { params: pageParams, response: replies({ 200: pageDetailResponse }) } }, async (request) => {
    // Its labels, projects and favourite flag are read beside the page; they are answered only if the caller may read it.
    const [page, extras] = await Promise.all([loadReadablePage(app.ctx.db, request.actor, request.params.pageId), loadPageExtras(app.ctx.db, [request.params.pageId], request.actor.userId)]);
    const [view] = withPageExtras([page], extras);
    return presentPageDetail(view, []);
  });

  app.patch(`${BASE}/pages/:pageId/`, { config: { access: 'project.row-rule' }, schema: { params: pageParams, body: updatePageBody, response: replies({ 200: pageDetailResponse }) } }, async (request) =>
    presentPageDetail(await updatePage(app.ctx, request.actor, request.params.pageId, request.body, writeOptions(request))),
  );

  app.delete(`${BASE}/pages/:pageId/`, { config: { access: 'project.row-rule' }, schema: { params: pageParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, deletePage(app.ctx, request.actor, request.params.pageId, writeOptions(request))));

  app.post(`${BASE}/pages/:pageId/duplicate/`, { config: { access: 'project.row-rule' }, schema: { params: pageParams, response: replies({ 201: pageDetailResponse }) } }, async (request, reply) =>
    reply.code(201).send(presentPageDetail(await duplicatePage(app.ctx, request.actor, request.params.pageId, writeOptions(request)))),
  );

  app.get(`${BASE}/pages/:pageId/versions/`, { config: { access: 'project.read' }, schema: { params: pageParams, response: replies({ 200: z.array(pageVersionResponse) }) } }, async (request) => {
    const page = await loadReadablePage(app.ctx.db, request.actor, request.params.pageId);
    return (await listPageVersions(app.ctx.db, page.id)).map(presentPageVersion);
  });

  app.get(`${BASE}/pages/:pageId/versions/:versionId/`, { config: { access: 'project.read' }, schema: { params: pageVersionParams, response: replies({ 200: pageVersionDetailResponse }) } }, async (request) => {
    const page = await loadReadablePage(app.ctx.db, request.actor, request.params.pageId);
    const version = await findPageVersion(app.ctx.db, page.id, request.params.versionId);
    if (!version) throw new NotFoundError();
    return presentPageVersionDetail(version);
  });
}
