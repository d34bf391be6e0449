// Modules on Plane's public API: CRUD, their work items (`module-issues/`), archive/unarchive and
// `archived-modules/`, through the app API's module services, presenters and permissions.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod';
import { projectParams } from '../../../shared/schemas/project';
import { createModuleBody, moduleIssueParams, moduleParams, updateModuleBody } from '../../../shared/schemas/module';
import { v1ListQuery } from '../../../shared/schemas/api-v1/common';
import { v1WorkItemPage } from '../../../shared/schemas/api-v1/work-item';
import { v1CreateModuleBody, v1IssueLinks, v1Module, v1ModuleIssuesBody, v1ModulePage, v1UpdateModuleBody } from '../../../shared/schemas/api-v1/planning';
import { archivedAtResponse, noBody, replies } from '../../../shared/schemas/responses';
import { writeOptions } from '../../request-context';
import { archiveModule, createModule, deleteModule, getModule, listModules, restoreModule, updateModule } from '../../services/planning/module';
import { addModuleIssues, listModuleIssues, removeModuleIssue } from '../../services/planning/module-issue';
import { presentModule } from '../../services/planning/presenters/module';
import { NotFoundError } from '../../errors';
import { listPage, registerProjectCrud, V1_PROJECT } from './adapter';
import { listEngineQuery, sendWorkItemPage } from './work-items';
import { noContent } from '../../reply';

export default async function modulesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const one = `${V1_PROJECT}/modules/:moduleId`;

  registerProjectCrud(app, {
    list: `${V1_PROJECT}/modules/`,
    idParam: 'moduleId',
    params: { list: projectParams, one: moduleParams },
    access: { list: 'project.read', create: 'project.create', read: 'project.member-read', update: 'project.edit', remove: 'project.row-rule' },
    body: { create: createModuleBody, update: updateModuleBody },
    publicBody: { create: v1CreateModuleBody, update: v1UpdateModuleBody },
    item: v1Module,
    page: v1ModulePage,
    service: {
      list: async (actor) => (await listModules(app.ctx, actor, { archived: false })).map(presentModule),
      create: async (actor, _params, body, options) => presentModule(await createModule(app.ctx, actor, body, options)),
      read: async (actor, _params, id) => {
        const module = await getModule(app.ctx, actor, id);
        // As the app API: an archived module is read under `archived-modules/` only.
        if (module.archivedAt) throw new NotFoundError('Module not found');
        return presentModule(module);
      },
      update: async (actor, _params, id, body, options) => presentModule(await updateModule(app.ctx, actor, id, body, options)),
      remove: (actor, _params, id, options) => deleteModule(app.ctx, actor, id, options),
    },
  });

  app.route({
    method: 'GET',
    url: `${one}/module-issues/`,
    config: { access: 'project.member-read' },
    schema: { params: moduleParams, querystring: v1ListQuery, response: replies({ 200: v1WorkItemPage }) },
    handler: async (request, reply) => sendWorkItemPage(reply, app.ctx.db, request, listModuleIssues(app.ctx, request.actor, request.params.moduleId, listEngineQuery(request.query))),
  });

  app.route({
    method: 'POST',
    url: `${one}/module-issues/`,
    config: { access: 'project.edit' },
    schema: { params: moduleParams, body: v1ModuleIssuesBody, response: replies({ 201: v1IssueLinks }) },
    handler: async (request, reply) => {
      const { moduleId } = request.params;
      await addModuleIssues(app.ctx, request.actor, moduleId, request.body.issues, writeOptions(request));
      const { actor } = request;
      return reply.code(201).send(request.body.issues.map((issue) => ({ id: issue, issue, module: moduleId, project: actor.project.id, workspace: actor.workspace.id })));
    },
  });

  app.route({
    method: 'DELETE',
    url: `${one}/module-issues/:issueId/`,
    config: { access: 'project.edit' },
    schema: { params: moduleIssueParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeModuleIssue(app.ctx, request.actor, request.params.moduleId, request.params.issueId, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: `${one}/archive/`,
    config: { access: 'project.edit' },
    schema: { params: moduleParams, response: replies({ 200: archivedAtResponse }) },
    handler: async (request) => ({ archived_at: (await archiveModule(app.ctx, request.actor, request.params.moduleId, writeOptions(request))).toISOString() }),
  });

  app.route({
    method: 'GET',
    url: `${V1_PROJECT}/archived-modules/`,
    config: { access: 'project.read' },
    schema: { params: projectParams, querystring: v1ListQuery, response: replies({ 200: v1ModulePage }) },
    handler: async (request) => listPage((await listModules(app.ctx, request.actor, { archived: true })).map(presentModule), request.query),
  });

  // Plane's SDK unarchives with DELETE `archived-modules/{id}/unarchive/`; its API reference also with DELETE `modules/{id}/archive/`.
  for (const url of [`${V1_PROJECT}/archived-modules/:moduleId/unarchive/`, `${one}/archive/`]) {
    app.route({
      method: 'DELETE',
      url,
      config: { access: 'project.edit' },
      schema: { params: moduleParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, restoreModule(app.ctx, request.actor, request.params.moduleId, writeOptions(request))),
    });
  }
}
