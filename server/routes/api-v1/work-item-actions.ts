// What else Plane's public API does with work items, through the app API's services: archive
// (`archive/`, `unarchive/`, `archived-work-items/`), relations (`relations/`, `relations/remove/`),
// the activity log (`activities/`) and search (`work-items/search/`).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod';
import { issueParams, projectParams, workspaceParams } from '../../../shared/schemas/issue';
import { v1ListQuery } from '../../../shared/schemas/api-v1/common';
import { v1WorkItemPage, v1WorkItemSearchQuery, v1WorkItemSearchResponse } from '../../../shared/schemas/api-v1/work-item';
import { v1ActivityPage, v1Relations } from '../../../shared/schemas/api-v1/work-item-extras';
import { archivedAtResponse, noBody, replies } from '../../../shared/schemas/responses';
import { writeOptions } from '../../request-context';
import { archiveIssue, unarchiveIssue } from '../../services/work-items/issue-archive';
import { registerIssueRelationRoutes } from '../issue-relations';
import { listIssueHistory } from '../../services/work-items/issue-history';
import { searchWorkspace } from '../../services/work-items/search';
import { listProjectIssues } from '../../list-engine/issue-lists';
import { listPage, V1_PROJECT, V1_WORKSPACE } from './adapter';
import { listEngineQuery, sendWorkItemPage, WORK_ITEM_SEGMENTS } from './work-items';
import { noContent } from '../../reply';

export default async function workItemActionsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${V1_PROJECT}/archived-work-items/`,
    config: { access: 'project.edit' },
    schema: { params: projectParams, querystring: v1ListQuery, response: replies({ 200: v1WorkItemPage }) },
    handler: async (request, reply) => sendWorkItemPage(reply, app.ctx.db, request, listProjectIssues(app.ctx, request.actor, listEngineQuery(request.query), { archived: true })),
  });

  app.route({
    method: 'GET',
    url: `${V1_WORKSPACE}/work-items/search/`,
    config: { access: 'workspace.read' },
    schema: { params: workspaceParams, querystring: v1WorkItemSearchQuery, response: replies({ 200: v1WorkItemSearchResponse }) },
    handler: async (request) => {
      const { search } = request.query;
      const projectId = request.query.project_id ?? request.query.project;
      const found = await searchWorkspace(app.ctx.database, request.actor, { search, project_id: projectId, entities: 'issue', workspace_search: projectId ? 'false' : 'true' });
      return { issues: found.results.issue ?? [] };
    },
  });

  for (const segment of WORK_ITEM_SEGMENTS) {
    const one = `${V1_PROJECT}/${segment}/:issueId`;

    app.route({
      method: 'POST',
      url: `${one}/archive/`,
      config: { access: 'project.edit' },
      schema: { params: issueParams, response: replies({ 200: archivedAtResponse }) },
      handler: async (request) => archiveIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request)),
    });

    // Plane's SDK restores with DELETE `unarchive/`, its app with DELETE `archive/`: both answer.
    for (const action of ['unarchive', 'archive']) {
      app.route({
        method: 'DELETE',
        url: `${one}/${action}/`,
        config: { access: 'project.edit' },
        schema: { params: issueParams, response: replies({ 204: noBody }) },
        handler: async (request, reply) => noContent(reply, unarchiveIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
      });
    }

    registerIssueRelationRoutes(app, { list: `${one}/relations/`, remove: `${one}/relations/remove/` }, v1Relations);

    app.route({
      method: 'GET',
      url: `${one}/activities/`,
      config: { access: 'project.read' },
      schema: { params: issueParams, querystring: v1ListQuery, response: replies({ 200: v1ActivityPage }) },
      handler: async (request) => {
        const activities = await listIssueHistory(app.ctx, request.actor, request.params.issueId, { activity_type: 'issue-property' });
        return listPage(activities as object[], request.query);
      },
    });
  }
}
