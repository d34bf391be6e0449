// Modules (reference §3, spec §7 Modules): list, create, read, update, delete, archive/restore, the
// archived list and detail, favorites and the workspace list. Module issues and links have their
// own route files.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams, workspaceParams } from '../../shared/schemas/project';
import { createModuleBody, favoriteModuleBody, moduleDetailResponse, moduleParams, moduleResponse, updateModuleBody } from '../../shared/schemas/module';
import { archivedAtResponse, noBody, replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import { presentModule, presentModuleDetail } from '../services/planning/presenters/module';
import {
  archiveModule,
  createModule,
  deleteModule,
  favoriteModule,
  getModule,
  listModules,
  listWorkspaceModules,
  restoreModule,
  unfavoriteModule,
  updateModule,
} from '../services/planning/module';
import { listModuleLinkRows } from '../services/planning/module-read';
import { NotFoundError } from '../errors';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId';

export default async function modulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${BASE}/modules/`, { config: { access: 'project.read' }, schema: { params: projectParams, response: replies({ 200: z.array(moduleResponse) }) } }, async (request) =>
    (await listModules(app.ctx, request.actor, { archived: false })).map(presentModule),
  );
  app.post(`${BASE}/modules/`, { config: { access: 'project.create' }, schema: { params: projectParams, body: createModuleBody, response: replies({ 201: moduleResponse }) } }, async (request, reply) =>
    reply.code(201).send(presentModule(await createModule(app.ctx, request.actor, request.body, writeOptions(request)))),
  );

  // Member+ (work-items §3), unlike the list: guests see modules listed but not opened.
  app.get(`${BASE}/modules/:moduleId/`, { config: { access: 'project.member-read' }, schema: { params: moduleParams, response: replies({ 200: moduleDetailResponse }) } }, async (request) => {
    // The links are read beside the module; they are answered only if the module is the caller's to open.
    const [module, links] = await Promise.all([getModule(app.ctx, request.actor, request.params.moduleId), listModuleLinkRows(app.ctx.db, request.params.moduleId)]);
    if (module.archivedAt) throw new NotFoundError('Module not found');
    return presentModuleDetail(module, links);
  });
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: `${BASE}/modules/:moduleId/`,
      config: { access: 'project.edit' },
      schema: { params: moduleParams, body: updateModuleBody, response: replies({ 200: moduleResponse }) },
      handler: async (request) => presentModule(await updateModule(app.ctx, request.actor, request.params.moduleId, request.body, writeOptions(request))),
    });
  }
  app.delete(`${BASE}/modules/:moduleId/`, { config: { access: 'project.row-rule' }, schema: { params: moduleParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, deleteModule(app.ctx, request.actor, request.params.moduleId, writeOptions(request))));

  app.post(`${BASE}/modules/:moduleId/archive/`, { config: { access: 'project.edit' }, schema: { params: moduleParams, response: replies({ 200: archivedAtResponse }) } }, async (request) => ({
    archived_at: (await archiveModule(app.ctx, request.actor, request.params.moduleId, writeOptions(request))).toISOString(),
  }));
  app.delete(`${BASE}/modules/:moduleId/archive/`, { config: { access: 'project.edit' }, schema: { params: moduleParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, restoreModule(app.ctx, request.actor, request.params.moduleId, writeOptions(request))));

  app.get(`${BASE}/archived-modules/`, { config: { access: 'project.read' }, schema: { params: projectParams, response: replies({ 200: z.array(moduleResponse) }) } }, async (request) =>
    (await listModules(app.ctx, request.actor, { archived: true })).map(presentModule),
  );
  app.get(`${BASE}/archived-modules/:moduleId/`, { config: { access: 'project.read' }, schema: { params: moduleParams, response: replies({ 200: moduleDetailResponse }) } }, async (request) => {
    const module = await getModule(app.ctx, request.actor, request.params.moduleId);
    if (!module.archivedAt) throw new NotFoundError('Module not found');
    return presentModuleDetail(module, await listModuleLinkRows(app.ctx.db, module.id));
  });

  app.post(`${BASE}/user-favorite-modules/`, { config: { access: 'project.configure' }, schema: { params: projectParams, body: favoriteModuleBody, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, favoriteModule(app.ctx, request.actor, request.body.module, writeOptions(request))));
  app.delete(`${BASE}/user-favorite-modules/:moduleId/`, { config: { access: 'project.configure' }, schema: { params: moduleParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, unfavoriteModule(app.ctx, request.actor, request.params.moduleId, writeOptions(request))));

  app.get('/api/workspaces/:slug/modules/', { config: { access: 'workspace.read' }, schema: { params: workspaceParams, response: replies({ 200: z.array(moduleResponse) }) } }, async (request) =>
    (await listWorkspaceModules(app.ctx, request.actor)).map(presentModule),
  );
}
