// Module links (reference §3): read any member, write Member+; `?search=` filters them the spec §5 way.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../plugins/zod';
import { createModuleLinkBody, moduleLinkParams, moduleLinkResponse, moduleParams, updateModuleLinkBody } from '../../shared/schemas/module';
import { noBody, replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import { createModuleLink, deleteModuleLink, getModuleLink, listModuleLinks, updateModuleLink } from '../services/planning/module-link';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId/modules/:moduleId/module-links';
const linkListQuery = z.object({ search: z.string().max(255).optional() });

export default async function moduleLinksRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(`${BASE}/`, { config: { access: 'project.read' }, schema: { params: moduleParams, querystring: linkListQuery, response: replies({ 200: z.array(moduleLinkResponse) }) } }, async (request) =>
    listModuleLinks(app.ctx, request.actor, request.params.moduleId, request.query.search),
  );
  app.post(`${BASE}/`, { config: { access: 'project.edit' }, schema: { params: moduleParams, body: createModuleLinkBody, response: replies({ 201: moduleLinkResponse }) } }, async (request, reply) =>
    reply.code(201).send(await createModuleLink(app.ctx, request.actor, request.params.moduleId, request.body, writeOptions(request))),
  );
  app.get(`${BASE}/:linkId/`, { config: { access: 'project.read' }, schema: { params: moduleLinkParams, response: replies({ 200: moduleLinkResponse }) } }, async (request) =>
    getModuleLink(app.ctx, request.actor, request.params.moduleId, request.params.linkId),
  );
  app.patch(`${BASE}/:linkId/`, { config: { access: 'project.edit' }, schema: { params: moduleLinkParams, body: updateModuleLinkBody, response: replies({ 200: moduleLinkResponse }) } }, async (request) =>
    updateModuleLink(app.ctx, request.actor, request.params.moduleId, request.params.linkId, request.body, writeOptions(request)),
  );
  app.delete(`${BASE}/:linkId/`, { config: { access: 'project.edit' }, schema: { params: moduleLinkParams, response: replies({ 204: noBody }) } }, async (request, reply) => noContent(reply, deleteModuleLink(app.ctx, request.actor, request.params.moduleId, request.params.linkId, writeOptions(request))));
}
