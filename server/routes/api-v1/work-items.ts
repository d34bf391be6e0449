// Work items of Plane's public API, under both `work-items/` and the older `issues/` paths: the list
// (cursor, per_page, order_by, expand, fields) from the app's list engine, create/retrieve/update/
// delete through the app's issue services, and the lookup by display key (`PROJ-123`).
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/zod';
import { createIssueBody, projectParams, updateIssueBody } from '../../../shared/schemas/issue';
import { v1ItemQuery, v1ListQuery, type V1ListQuery } from '../../../shared/schemas/api-v1/common';
import {
  v1CreateWorkItemBody,
  v1UpdateWorkItemBody,
  v1WorkItem,
  v1WorkItemIdentifierParams,
  v1WorkItemPage,
  v1WorkItemParams,
} from '../../../shared/schemas/api-v1/work-item';
import { noBody, replies } from '../../../shared/schemas/responses';
import { writeOptions } from '../../request-context';
import { createIssue, deleteIssue } from '../../services/work-items/issue';
import { updateIssue } from '../../services/work-items/issue-update';
import { getIssueByIdentifier, getIssueDetail, presentDetailFor } from '../../services/work-items/issue-detail';
import { expandWorkItems, expansionKeys } from '../../services/integrations/work-item-expand';
import { listProjectIssues } from '../../list-engine/issue-lists';
import { pickV1Fields, presentV1, presentV1IssuePageJson } from '../../services/integrations/presenters/api-v1';
import { JSON_TYPE, type ListResult } from '../../list-engine/list-issues';
import type { Db } from '../../../db/client';
import { toAppBody, v1Pagination, V1_PROJECT, V1_WORKSPACE } from './adapter';
import { noContent } from '../../reply';

/** Both spellings of the segment: Plane's SDK says `work-items`, its MCP server and older scripts `issues`. */
export const WORK_ITEM_SEGMENTS = ['work-items', 'issues'] as const;

/** One work item in public shape, expanded and trimmed as the query asks. */
async function presentWorkItem(db: Db, item: object, query: { expand?: string; fields?: string }, workspaceId: string) {
  const [expanded] = await expandWorkItems(db, [presentV1(item, { workspace: workspaceId })], expansionKeys(query.expand));
  return pickV1Fields(expanded, query.fields);
}

/**
 * A list engine page in Plane's envelope with public work items, as JSON text (send it with
 * JSON_TYPE). Without `expand` or `fields` the engine's text is renamed as text (the hot path).
 */
async function presentWorkItemPage(db: Db, result: ListResult, query: V1ListQuery, workspaceId: string): Promise<string> {
  const keys = expansionKeys(query.expand);
  if (keys.size === 0 && !query.fields) return presentV1IssuePageJson(result.json, workspaceId);
  const page = JSON.parse(result.json) as { results: object[] } & Record<string, unknown>;
  const items = await expandWorkItems(db, page.results.map((item) => presentV1(item, { workspace: workspaceId })), keys);
  return JSON.stringify({ ...page, results: items.map((item) => pickV1Fields(item, query.fields)) });
}

/** Sends a list engine page as Plane's page of work items (see presentWorkItemPage). */
export async function sendWorkItemPage(reply: FastifyReply, db: Db, request: { query: V1ListQuery; actor: { workspace: { id: string } } }, list: Promise<ListResult>) {
  const result = await list;
  return reply.type(JSON_TYPE).send(await presentWorkItemPage(db, result, request.query, request.actor.workspace.id));
}

/** The list engine's query for a public list: its page, and its order (Plane's default: newest first). */
export function listEngineQuery(query: V1ListQuery) {
  return { ...v1Pagination(query), order_by: query.order_by || '-created_at' };
}

export default async function workItemsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;

  for (const segment of WORK_ITEM_SEGMENTS) {
    const list = `${V1_PROJECT}/${segment}/`;
    const one = `${V1_PROJECT}/${segment}/:issueId/`;

    app.route({
      method: 'GET',
      url: list,
      config: { access: 'project.read' },
      schema: { params: projectParams, querystring: v1ListQuery, response: replies({ 200: v1WorkItemPage }) },
      handler: async (request, reply) => sendWorkItemPage(reply, db, request, listProjectIssues(app.ctx, request.actor, listEngineQuery(request.query))),
    });

    app.route({
      method: 'POST',
      url: list,
      config: { access: 'project.create' },
      schema: { params: projectParams, body: v1CreateWorkItemBody, response: replies({ 201: v1WorkItem }) },
      handler: async (request, reply) => {
        const row = await createIssue(app.ctx, request.actor, toAppBody(createIssueBody, request.body), writeOptions(request));
        const detail = await presentDetailFor(db, request.actor, row);
        return reply.code(201).send(await presentWorkItem(db, detail, {}, request.actor.workspace.id));
      },
    });

    app.route({
      method: 'GET',
      url: one,
      config: { access: 'project.read' },
      schema: { params: v1WorkItemParams, querystring: v1ItemQuery, response: replies({ 200: v1WorkItem }) },
      handler: async (request) => {
        const detail = await getIssueDetail(app.ctx, request.actor, request.params.issueId);
        return presentWorkItem(db, detail, request.query, request.actor.workspace.id);
      },
    });

    app.route({
      method: 'PATCH',
      url: one,
      config: { access: 'project.row-rule' },
      schema: { params: v1WorkItemParams, body: v1UpdateWorkItemBody, response: replies({ 200: v1WorkItem }) },
      handler: async (request) => {
        const row = await updateIssue(app.ctx, request.actor, request.params.issueId, toAppBody(updateIssueBody, request.body), writeOptions(request));
        return presentWorkItem(db, await presentDetailFor(db, request.actor, row), {}, request.actor.workspace.id);
      },
    });

    app.route({
      method: 'DELETE',
      url: one,
      config: { access: 'project.row-rule' },
      schema: { params: v1WorkItemParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, deleteIssue(app.ctx, request.actor, request.params.issueId, writeOptions(request))),
    });

    // The project is named by the key, so the issue service checks the project membership.
    app.route({
      method: 'GET',
      url: `${V1_WORKSPACE}/${segment}/:identifier/`,
      config: { access: 'workspace.read' },
      schema: { params: v1WorkItemIdentifierParams, querystring: v1ItemQuery, response: replies({ 200: v1WorkItem }) },
      handler: async (request) => {
        const detail = await getIssueByIdentifier(app.ctx, request.actor, request.params.identifier);
        return presentWorkItem(db, detail, request.query, request.actor.workspace.id);
      },
    });
  }
}
