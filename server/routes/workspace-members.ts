// Workspace members (reference §4.2): `:memberId` is the membership row id, not the user id.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { memberParams, searchQuery, slugParams, updateMemberBody, workspaceViewsBody } from '../../shared/schemas/workspace';
import { writeOptions } from '../request-context';
import {
  getMember,
  getMyMembership,
  getMyProjectRoles,
  leaveWorkspace,
  listMembers,
  removeMember,
  saveMyViewProps,
  updateMember,
} from '../services/accounts/workspace-member';
import { z } from 'zod';
import { myWorkspaceMemberResponse, projectRolesResponse, workspaceMemberResponse } from '../../shared/schemas/workspace';
import { noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function workspaceMembersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/members/',
    config: { access: 'workspace.read'},
    schema: { params: slugParams, querystring: searchQuery, response: replies({ 200: z.array(workspaceMemberResponse) }) },
    handler: async (request) => listMembers(db, request.actor, request.query.search),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/members/leave/',
    config: { access: 'workspace.own-settings'},
    schema: { params: slugParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, leaveWorkspace(app.ctx, request.actor, writeOptions(request))),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/members/:memberId/',
    config: { access: 'workspace.read'},
    schema: { params: memberParams, response: replies({ 200: workspaceMemberResponse }) },
    handler: async (request) => getMember(db, request.actor, request.params.memberId),
  });
  app.route({
    method: 'PATCH',
    url: '/api/workspaces/:slug/members/:memberId/',
    config: { access: 'workspace.manage'},
    schema: { params: memberParams, body: updateMemberBody, response: replies({ 200: workspaceMemberResponse }) },
    handler: async (request) => updateMember(app.ctx, request.actor, request.params.memberId, request.body, writeOptions(request)),
  });
  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:slug/members/:memberId/',
    config: { access: 'workspace.manage'},
    schema: { params: memberParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeMember(app.ctx, request.actor, request.params.memberId, writeOptions(request))),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/workspace-members/me/',
    config: { access: 'workspace.read'},
    schema: { params: slugParams, response: replies({ 200: myWorkspaceMemberResponse }) },
    handler: async (request) => getMyMembership(db, request.actor),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/workspace-views/',
    config: { access: 'workspace.own-settings'},
    schema: { params: slugParams, body: workspaceViewsBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, saveMyViewProps(app.ctx, request.actor, request.body.view_props, writeOptions(request))),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/workspaces/:slug/project-roles/',
    config: { access: 'workspace.read'},
    schema: { params: slugParams, response: replies({ 200: projectRolesResponse }) },
    handler: async (request) => getMyProjectRoles(db, request.actor),
  });
}
