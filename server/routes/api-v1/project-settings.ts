// A project's features (`features/`) and members (add, change role, remove) on Plane's public API,
// through the app API's project and project-member services and their role rules.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod';
import { projectParams, updateProjectBody } from '../../../shared/schemas/project';
import { V1_ABSENT_FEATURES, V1_FEATURE_FIELDS, v1AddProjectMemberBody, v1ProjectFeatures, v1ProjectMemberParams, v1UpdateProjectFeaturesBody, v1UpdateProjectMemberBody } from '../../../shared/schemas/api-v1/project-settings';
import { v1ProjectMember } from '../../../shared/schemas/api-v1/project';
import { noBody, replies } from '../../../shared/schemas/responses';
import type { ProjectActor } from '../../actor';
import type { ServerContext } from '../../context';
import { ValidationError } from '../../errors';
import { writeOptions } from '../../request-context';
import { updateProject } from '../../services/work-items/project';
import { addProjectMembers, listProjectMembers, removeProjectMember, updateProjectMember } from '../../services/accounts/project-member';
import { loadUserLites } from '../../services/work-items/issue-read';
import { toAppBody, V1_PROJECT } from './adapter';
import { noContent } from '../../reply';

type Switches = Record<(typeof V1_FEATURE_FIELDS)[keyof typeof V1_FEATURE_FIELDS], boolean>;

/** Plane's features object from the project's switches (as the app presenter names them). */
function presentFeatures(project: Switches): z.infer<typeof v1ProjectFeatures> {
  const features = Object.fromEntries(Object.entries(V1_FEATURE_FIELDS).map(([feature, field]) => [feature, project[field]]));
  return { epics: false, work_item_types: false, ...features } as z.infer<typeof v1ProjectFeatures>;
}

/** Membership rows of the project, found by the user id the public list answers (or the row's own id). */
async function membershipId(ctx: ServerContext, actor: ProjectActor, memberId: string): Promise<string> {
  const rows = await listProjectMembers(ctx, actor);
  return rows.find((row) => row.member === memberId)?.id ?? memberId;
}

/** Project members as /api/v1 lists them: the user and their role in the project. */
async function presentMembers(ctx: ServerContext, rows: Array<{ member: string; role: number }>) {
  const users = await loadUserLites(ctx.db, rows.map((row) => row.member));
  return rows.flatMap((row) => {
    const user = users.get(row.member);
    return user ? [{ ...user, role: row.role }] : [];
  });
}

export default async function projectSettingsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${V1_PROJECT}/features/`,
    config: { access: 'project.read' },
    schema: { params: projectParams, response: replies({ 200: v1ProjectFeatures }) },
    handler: async (request) => {
      const project = request.actor.project;
      return presentFeatures({ module_view: project.moduleView, cycle_view: project.cycleView, issue_views_view: project.issueViewsView, page_view: project.pageView, intake_view: project.intakeView });
    },
  });

  app.route({
    method: 'PATCH',
    url: `${V1_PROJECT}/features/`,
    config: { access: 'project.manage' },
    schema: { params: projectParams, body: v1UpdateProjectFeaturesBody, response: replies({ 200: v1ProjectFeatures }) },
    handler: async (request) => {
      for (const feature of V1_ABSENT_FEATURES) if (request.body[feature]) throw ValidationError.field(feature, 'Trellis has no such feature.');
      const switches = Object.entries(V1_FEATURE_FIELDS).flatMap(([feature, field]) => {
        const value = request.body[feature as keyof typeof V1_FEATURE_FIELDS];
        return value === undefined ? [] : [[field, value]];
      });
      const updated = await updateProject(app.ctx, request.actor, toAppBody(updateProjectBody, Object.fromEntries(switches)), writeOptions(request));
      return presentFeatures(updated as unknown as Switches);
    },
  });

  for (const segment of ['project-members', 'members']) {
    app.route({
      method: 'POST',
      url: `${V1_PROJECT}/${segment}/`,
      config: { access: 'project.admin' },
      schema: { params: projectParams, body: v1AddProjectMemberBody, response: replies({ 201: z.union([v1ProjectMember, z.array(v1ProjectMember)]) }) },
      handler: async (request, reply) => {
        const { member, member_id: memberId, role, members } = request.body;
        const single = member ?? memberId;
        const requested = members ?? (single ? [{ member_id: single, role }] : []);
        const added = await presentMembers(app.ctx, await addProjectMembers(app.ctx, request.actor, { members: requested }, writeOptions(request)));
        return reply.code(201).send(members ? added : added[0]);
      },
    });

    app.route({
      method: 'PATCH',
      url: `${V1_PROJECT}/${segment}/:memberId/`,
      config: { access: 'project.row-rule' },
      schema: { params: v1ProjectMemberParams, body: v1UpdateProjectMemberBody, response: replies({ 200: v1ProjectMember }) },
      handler: async (request) => {
        const id = await membershipId(app.ctx, request.actor, request.params.memberId);
        const updated = await updateProjectMember(app.ctx, request.actor, id, request.body.role, writeOptions(request));
        const [presented] = await presentMembers(app.ctx, [{ member: updated.member.id, role: updated.role }]);
        return presented;
      },
    });

    app.route({
      method: 'DELETE',
      url: `${V1_PROJECT}/${segment}/:memberId/`,
      config: { access: 'project.admin' },
      schema: { params: v1ProjectMemberParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, removeProjectMember(app.ctx, request.actor, await membershipId(app.ctx, request.actor, request.params.memberId), writeOptions(request))),
    });
  }
}
