// Intake submissions (reference §6), served under both `intake-issues/` and `inbox-issues/` with
// identical behaviour; `:issueId` is the ISSUE id. Submitting and reading are Guest+ (guest rule in
// the service); changing or deleting a submission is "admin or submitter", a row rule.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams } from '../../shared/schemas/issue';
import {
  createIntakeIssueBody,
  intakeDetailQuery,
  intakeIssueDetail,
  intakeIssueListResponse,
  intakeIssueParams,
  intakeListQuery,
  updateIntakeIssueBody,
} from '../../shared/schemas/intake';
import { noBody, replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import { createIntakeIssue, deleteIntakeIssue, getIntakeIssue, listIntakeIssues, updateIntakeIssue } from '../services/inbox/intake';
import { noContent } from '../reply';

const PREFIXES = ['intake-issues', 'inbox-issues'] as const;

export default async function intakeIssuesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const prefix of PREFIXES) {
    const base = `/api/workspaces/:slug/projects/:projectId/${prefix}`;

    app.route({
      method: 'GET',
      url: `${base}/`,
      config: { access: 'project.read' },
      schema: { params: projectParams, querystring: intakeListQuery, response: replies({ 200: intakeIssueListResponse }) },
      handler: async (request) => listIntakeIssues(app.ctx, request.actor, request.query),
    });

    app.route({
      method: 'POST',
      url: `${base}/`,
      config: { access: 'project.participate' },
      schema: { params: projectParams, body: createIntakeIssueBody, response: replies({ 200: intakeIssueDetail }) },
      handler: async (request) => createIntakeIssue(app.ctx, request.actor, request.body, writeOptions(request)),
    });

    app.route({
      method: 'GET',
      url: `${base}/:issueId/`,
      config: { access: 'project.read' },
      schema: { params: intakeIssueParams, querystring: intakeDetailQuery, response: replies({ 200: intakeIssueDetail }) },
      handler: async (request) => getIntakeIssue(app.ctx, request.actor, request.params.issueId),
    });

    app.route({
      method: 'PATCH',
      url: `${base}/:issueId/`,
      config: { access: 'project.row-rule' },
      schema: { params: intakeIssueParams, body: updateIntakeIssueBody, response: replies({ 200: intakeIssueDetail }) },
      handler: async (request) => updateIntakeIssue(app.ctx, request.actor, request.params.issueId, request.body, writeOptions(request)),
    });

    app.route({
      method: 'DELETE',
      url: `${base}/:issueId/`,
      config: { access: 'project.row-rule' },
      schema: { params: intakeIssueParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, deleteIntakeIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
    });
  }
}
