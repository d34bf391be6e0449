// Issue exports of a workspace (spec §7 "Workspace extras", reference work-items §8.3, accounts §4.4:
// WS{20,15}): start an export (run on the job queue), the caller's export history with progress and
// signed expiring links, and the download those links point to.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { contentDisposition } from '../content-disposition';
import { slugParams } from '../../shared/schemas/workspace';
import { binaryBody, messageBody, replies } from '../../shared/schemas/responses';
import { createExportBody, exportDownloadQuery, exportListQuery, exportPageResponse, exportParams } from '../../shared/schemas/export';
import { downloadExport, listExports, startExport } from '../services/integrations/export';


export default async function exportIssuesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/export-issues/',
    config: { access: 'workspace.export' },
    schema: { params: slugParams, body: createExportBody, response: replies({ 200: messageBody }) },
    handler: async (request) => startExport(ctx, request.actor, request.body),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/export-issues/',
    config: { access: 'workspace.export' },
    schema: { params: slugParams, querystring: exportListQuery, response: replies({ 200: exportPageResponse }) },
    handler: async (request) => listExports(ctx, request.actor, request.query),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/export-issues/:exportId/download/',
    config: { access: 'workspace.export' },
    schema: { params: exportParams, querystring: exportDownloadQuery, response: replies({ 200: binaryBody }) },
    handler: async (request, reply) => {
      const file = await downloadExport(ctx, request.actor, request.params.exportId, request.query);
      reply.header('content-type', file.contentType).header('content-disposition', contentDisposition(file.fileName)).header('cache-control', 'private, no-store');
      return reply.send(file.stream);
    },
  });
}
