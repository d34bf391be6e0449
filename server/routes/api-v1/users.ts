// The key's owner (`users/me/`) and the members of its workspace (`workspaces/{slug}/members/`).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod';
import { workspaceParams } from '../../../shared/schemas/project';
import { v1User } from '../../../shared/schemas/api-v1/common';
import { v1WorkspaceMember } from '../../../shared/schemas/api-v1/project';
import { replies } from '../../../shared/schemas/responses';
import { presentUserMe } from '../../services/accounts/presenters/user';
import { listMembers } from '../../services/accounts/workspace-member';
import { V1_WORKSPACE } from './adapter';

export default async function usersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: '/api/v1/users/me/',
    config: { access: 'account.read-by-api-key' },
    schema: { response: replies({ 200: v1User }) },
    handler: async (request) => presentUserMe(request.auth.user!),
  });

  app.route({
    method: 'GET',
    url: `${V1_WORKSPACE}/members/`,
    config: { access: 'workspace.read' },
    schema: { params: workspaceParams, response: replies({ 200: z.array(v1WorkspaceMember) }) },
    handler: async (request) => {
      const members = await listMembers(app.ctx.db, request.actor);
      return members.map((membership) => ({ ...membership.member, role: membership.role }));
    },
  });
}
