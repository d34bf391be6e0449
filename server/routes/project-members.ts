// Project members (reference §5.1): list, bulk add, read, re-role, remove, leave, the caller's own
// membership, member preferences, joining public projects, the workspace-wide map and the legacy project-views call.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { joinProjectsBody, projectParams, projectViewsBody, workspaceParams } from '../../shared/schemas/project';
import {
  addProjectMembersBody,
  memberPreferencesParams,
  projectMemberParams,
  updateMemberPreferencesBody,
  updateProjectMemberBody,
} from '../../shared/schemas/project-member';
import { writeOptions } from '../request-context';
import {
  addProjectMembers,
  getMemberPreferences,
  getMyProjectMembership,
  getProjectMember,
  joinProjects,
  leaveProject,
  listProjectMembers,
  listWorkspaceProjectMembers,
  removeProjectMember,
  updateMemberPreferences,
  updateMyProjectView,
  updateProjectMember,
} from '../services/accounts/project-member';
import { z } from 'zod';
import { memberPreferencesResponse, projectMemberResponse, projectMemberRole } from '../../shared/schemas/project-member';
import { anyObject, messageBody, noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function projectMembersRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = '/api/workspaces/:slug/projects/:projectId';

  app.route({
    method: 'GET',
    url: `${base}/members/`,
    config: { access: 'project.read'},
    schema: { params: projectParams, response: replies({ 200: z.array(projectMemberRole) }) },
    handler: async (request) => listProjectMembers(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: `${base}/members/`,
    config: { access: 'project.admin'},
    schema: { params: projectParams, body: addProjectMembersBody, response: replies({ 201: z.array(projectMemberRole) }) },
    handler: async (request, reply) => reply.code(201).send(await addProjectMembers(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: `${base}/members/leave/`,
    config: { access: 'project.own-settings'},
    schema: { params: projectParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, leaveProject(app.ctx, request.actor, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${base}/members/:memberId/`,
    config: { access: 'project.read'},
    schema: { params: projectMemberParams, response: replies({ 200: z.union([projectMemberResponse, projectMemberRole]) }) },
    handler: async (request) => getProjectMember(app.ctx, request.actor, request.params.memberId),
  });

  // Any member may call it; the role rules (and their messages) are in services/accounts/policies/project-member.ts.
  app.route({
    method: 'PATCH',
    url: `${base}/members/:memberId/`,
    config: { access: 'project.row-rule'},
    schema: { params: projectMemberParams, body: updateProjectMemberBody, response: replies({ 200: projectMemberResponse }) },
    handler: async (request) => updateProjectMember(app.ctx, request.actor, request.params.memberId, request.body.role, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/members/:memberId/`,
    config: { access: 'project.admin'},
    schema: { params: projectMemberParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, removeProjectMember(app.ctx, request.actor, request.params.memberId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${base}/project-members/me/`,
    config: { access: 'project.read'},
    schema: { params: projectParams, response: replies({ 200: projectMemberResponse }) },
    handler: async (request) => getMyProjectMembership(app.ctx, request.actor),
  });

  app.route({
    method: 'GET',
    url: `${base}/preferences/member/:userId/`,
    config: { access: 'project.own-settings'},
    schema: { params: memberPreferencesParams, response: replies({ 200: memberPreferencesResponse }) },
    handler: async (request) => getMemberPreferences(app.ctx, request.actor, request.params.userId),
  });

  // Any member may call it, for their own preferences only (the service refuses anyone else's).
  app.route({
    method: 'PATCH',
    url: `${base}/preferences/member/:userId/`,
    config: { access: 'project.own-settings'},
    schema: { params: memberPreferencesParams, body: updateMemberPreferencesBody, response: replies({ 200: z.strictObject({ preferences: anyObject }) }) },
    handler: async (request) => updateMemberPreferences(app.ctx, request.actor, request.params.userId, request.body, writeOptions(request)),
  });

  // Non-members get the reference's `{"error":"Forbidden"}`, so membership is checked by the service.
  app.route({
    method: 'POST',
    url: `${base}/project-views/`,
    config: { access: 'workspace.own-settings'},
    schema: { params: projectParams, body: projectViewsBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, updateMyProjectView(app.ctx, request.actor, request.params.projectId, request.body, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/project-members/',
    config: { access: 'workspace.read'},
    schema: { params: workspaceParams, response: replies({ 200: z.record(z.string(), z.array(projectMemberRole)) }) },
    handler: async (request) => listWorkspaceProjectMembers(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: '/api/users/me/workspaces/:slug/projects/invitations/',
    // Reference 5.1: WS{20,15} — workspace guests are added by a project admin, they cannot join.
    config: { access: 'workspace.create-project'},
    schema: { params: workspaceParams, body: joinProjectsBody, response: replies({ 201: messageBody }) },
    handler: async (request, reply) =>
      reply.code(201).send(await joinProjects(app.ctx, request.actor, request.body.project_ids, writeOptions(request))),
  });
}
