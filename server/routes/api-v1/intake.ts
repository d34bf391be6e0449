// Intake on Plane's public API (`intake-issues/`): submit, list, retrieve, update, triage (`status/`)
// and delete, through the app API's intake services (guest rule, admin-or-submitter row rule).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod';
import { intakeIssueParams, intakeListQuery } from '../../../shared/schemas/intake';
import { projectParams } from '../../../shared/schemas/project';
import { v1ListQuery } from '../../../shared/schemas/api-v1/common';
import { v1CreateIntakeBody, v1IntakeWorkItem, v1IntakeWorkItemPage, v1UpdateIntakeBody, v1UpdateIntakeStatusBody } from '../../../shared/schemas/api-v1/intake';
import { noBody, replies } from '../../../shared/schemas/responses';
import type { ProjectActor } from '../../actor';
import { writeOptions } from '../../request-context';
import { createIntakeIssue, deleteIntakeIssue, getIntakeIssue, listIntakeIssues, updateIntakeIssue } from '../../services/inbox/intake';
import { getProjectIntake } from '../../services/inbox/intakes';
import { presentV1 } from '../../services/integrations/presenters/api-v1';
import { toAppBody, v1Pagination, V1_PROJECT } from './adapter';
import { noContent } from '../../reply';

/** Every intake status: Plane's public list is not limited to pending submissions as the app's is. */
const ALL_STATUSES = '-2,-1,0,1,2';

/** The app's intake row as Plane's IntakeWorkItem: `issue` an id, the work item under `issue_detail`. */
function presentIntakeWorkItem(actor: ProjectActor, intakeId: string, row: { issue: { id: string } } & Record<string, unknown>) {
  const { issue, duplicate_issue_detail: _duplicate, ...fields } = row;
  return { ...fields, intake: intakeId, issue: issue.id, issue_detail: presentV1(issue, { workspace: actor.workspace.id }), project: actor.project.id, workspace: actor.workspace.id };
}

export default async function intakeRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const base = `${V1_PROJECT}/intake-issues`;
  const intakeId = async (actor: ProjectActor) => (await getProjectIntake(app.ctx, actor)).id;

  app.route({
    method: 'GET',
    url: `${base}/`,
    config: { access: 'project.read' },
    schema: { params: projectParams, querystring: v1ListQuery, response: replies({ 200: v1IntakeWorkItemPage }) },
    handler: async (request) => {
      const { status, order_by: orderBy } = request.query as Record<string, unknown>;
      const query = toAppBody(intakeListQuery, { ...v1Pagination(request.query), status: status ?? ALL_STATUSES, ...(orderBy ? { order_by: orderBy } : {}) });
      const page = await listIntakeIssues(app.ctx, request.actor, query);
      const intake = await intakeId(request.actor);
      return { ...page, results: page.results.map((row) => presentIntakeWorkItem(request.actor, intake, row)) };
    },
  });

  app.route({
    method: 'POST',
    url: `${base}/`,
    config: { access: 'project.participate' },
    schema: { params: projectParams, body: v1CreateIntakeBody, response: replies({ 201: v1IntakeWorkItem }) },
    handler: async (request, reply) => {
      const { intake: _plane, ...body } = request.body;
      const created = await createIntakeIssue(app.ctx, request.actor, body, writeOptions(request));
      return reply.code(201).send(presentIntakeWorkItem(request.actor, await intakeId(request.actor), created));
    },
  });

  app.route({
    method: 'GET',
    url: `${base}/:issueId/`,
    config: { access: 'project.read' },
    schema: { params: intakeIssueParams, response: replies({ 200: v1IntakeWorkItem }) },
    handler: async (request) => presentIntakeWorkItem(request.actor, await intakeId(request.actor), await getIntakeIssue(app.ctx, request.actor, request.params.issueId)),
  });

  // Plane's SDK updates with PATCH `{id}/` and triages with PATCH `{id}/status/`: one service each.
  for (const [suffix, body] of [['', v1UpdateIntakeBody], ['status/', v1UpdateIntakeStatusBody]] as const) {
    app.route({
      method: 'PATCH',
      url: `${base}/:issueId/${suffix}`,
      config: { access: 'project.row-rule' },
      schema: { params: intakeIssueParams, body, response: replies({ 200: v1IntakeWorkItem }) },
      handler: async (request) => {
        const updated = await updateIntakeIssue(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request));
        return presentIntakeWorkItem(request.actor, await intakeId(request.actor), updated);
      },
    });
  }

  app.route({
    method: 'DELETE',
    url: `${base}/:issueId/`,
    config: { access: 'project.row-rule' },
    schema: { params: intakeIssueParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteIntakeIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
  });
}
