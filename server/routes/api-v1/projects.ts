// Projects on Plane's public API: list, create, retrieve, update, delete, archive/unarchive and the
// project's members, through the app API's project services.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod';
import { projectParams, workspaceParams } from '../../../shared/schemas/project';
import { v1ListQuery } from '../../../shared/schemas/api-v1/common';
import { v1ArchiveResponse, v1CreateProjectBody, v1Project, v1ProjectMember, v1ProjectPage, v1UpdateProjectBody } from '../../../shared/schemas/api-v1/project';
import { noBody, replies } from '../../../shared/schemas/responses';
import { writeOptions } from '../../request-context';
import { archiveProject, createProject, deleteProject, restoreProject, updateProject } from '../../services/work-items/project';
import { getProject, listProjectDetails } from '../../services/work-items/project-read';
import { listProjectMembers } from '../../services/accounts/project-member';
import { loadUserLites } from '../../services/work-items/issue-read';
import { presentV1 } from '../../services/integrations/presenters/api-v1';
import { listPage, V1_WORKSPACE } from './adapter';
import { noContent } from '../../reply';

export default async function projectsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = `${V1_WORKSPACE}/projects`;

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'workspace.read' },
    schema: { params: workspaceParams, querystring: v1ListQuery, response: replies({ 200: v1ProjectPage }) },
    handler: async (request) => {
      // Without paging parameters the app service answers the whole list; the page is cut here.
      const projects = await listProjectDetails(app.ctx, request.actor);
      return listPage(Array.isArray(projects) ? projects : projects.results, request.query);
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'workspace.create-project' },
    schema: { params: workspaceParams, body: v1CreateProjectBody, response: replies({ 201: v1Project }) },
    handler: async (request, reply) => reply.code(201).send(presentV1(await createProject(app.ctx, request.actor, request.body, writeOptions(request)))),
  });

  app.route({
    method: 'GET',
    url: `${base}/:projectId/`,
    config: { access: 'workspace.read' },
    schema: { params: projectParams, response: replies({ 200: v1Project }) },
    handler: async (request) => presentV1(await getProject(app.ctx, request.actor, request.params.projectId)),
  });

  app.route({
    method: 'PATCH',
    url: `${base}/:projectId/`,
    config: { access: 'project.manage' },
    schema: { params: projectParams, body: v1UpdateProjectBody, response: replies({ 200: v1Project }) },
    handler: async (request) => presentV1(await updateProject(app.ctx, request.actor, request.body, writeOptions(request))),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:projectId/`,
    config: { access: 'project.manage' },
    schema: { params: projectParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteProject(app.ctx, request.actor, writeOptions(request))),
  });

  app.route({
    method: 'POST',
    url: `${base}/:projectId/archive/`,
    config: { access: 'project.configure' },
    schema: { params: projectParams, response: replies({ 200: v1ArchiveResponse, 204: noBody }) },
    handler: async (request) => archiveProject(app.ctx, request.actor, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${base}/:projectId/archive/`,
    config: { access: 'project.configure' },
    schema: { params: projectParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, restoreProject(app.ctx, request.actor, writeOptions(request))),
  });

  // Plane's SDK reads `project-members/`, its API reference documents `members/`: both answer.
  for (const segment of ['project-members', 'members']) app.route({
    method: 'GET',
    url: `${base}/:projectId/${segment}/`,
    config: { access: 'project.read' },
    schema: { params: projectParams, response: replies({ 200: z.array(v1ProjectMember) }) },
    handler: async (request) => {
      const members = await listProjectMembers(app.ctx, request.actor);
      const users = await loadUserLites(app.ctx.db, members.map((member) => member.member));
      return members.flatMap((member) => {
        const user = users.get(member.member);
        return user ? [{ ...user, role: member.role }] : [];
      });
    },
  });
}
