// Project publishing (reference §5.2 deploy boards, spec §7 "Project publish").
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { deployBoardBody, deployBoardParams, projectParams } from '../../shared/schemas/project';
import { writeOptions } from '../request-context';
import { getDeployBoard, getProjectDeployBoard, publishProject, unpublishProject, updateDeployBoard } from '../services/integrations/deploy-board';
import { deployBoardResponse } from '../../shared/schemas/project';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function deployBoardsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/projects/:projectId/project-deploy-boards';

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'project.read'},
    schema: { params: projectParams, response: replies({ 200: deployBoardResponse }) },
    handler: async (request) => getProjectDeployBoard(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'project.configure'},
    schema: { params: projectParams, body: deployBoardBody.nullish(), response: replies({ 200: deployBoardResponse }) },
    handler: async (request) => publishProject(app.ctx, request.actor, request.body ?? {}, writeOptions(request)),
  });

  app.route({
    method: 'GET',
    url: `${base}/:boardId/`,
    config: { access: 'project.read'},
    schema: { params: deployBoardParams, response: replies({ 200: deployBoardResponse }) },
    handler: async (request) => getDeployBoard(app.ctx, request.actor, request.params.boardId),
  });

  app.route({
    method: 'PATCH',
    url: `${base}/:boardId/`,
    config: { access: 'project.configure'},
    schema: { params: deployBoardParams, body: deployBoardBody, response: replies({ 200: deployBoardResponse }) },
    handler: async (request) => updateDeployBoard(app.ctx, request.actor, request.params.boardId, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:boardId/`,
    config: { access: 'project.configure'},
    schema: { params: deployBoardParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, unpublishProject(app.ctx, request.actor, request.params.boardId, writeOptions(request))),
  });
}
