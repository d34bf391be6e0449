// Links of a work item on Plane's public API (both `work-items/` and `issues/` paths), through the
// app API's link services (URL normalisation, duplicate rule) and permissions.
import type { FastifyInstance } from 'fastify';
import { createLinkBody, linkParams, updateLinkBody } from '../../../shared/schemas/issue-extras';
import { issueParams } from '../../../shared/schemas/issue';
import { v1Link, v1LinkPage } from '../../../shared/schemas/api-v1/work-item-extras';
import { createIssueLink, deleteIssueLink, getIssueLink, listIssueLinks, updateIssueLink } from '../../services/work-items/issue-link';
import { registerProjectCrud, V1_PROJECT } from './adapter';
import { WORK_ITEM_SEGMENTS } from './work-items';

export default async function workItemLinksRoutes(app: FastifyInstance) {
  for (const segment of WORK_ITEM_SEGMENTS) {
    registerProjectCrud(app, {
      list: `${V1_PROJECT}/${segment}/:issueId/links/`,
      idParam: 'linkId',
      params: { list: issueParams, one: linkParams },
      access: { list: 'project.read', create: 'project.edit', read: 'project.read', update: 'project.edit', remove: 'project.edit' },
      body: { create: createLinkBody, update: updateLinkBody },
      item: v1Link,
      page: v1LinkPage,
      extra: (_actor, params) => ({ issue: params.issueId }),
      service: {
        list: (actor, params) => listIssueLinks(app.ctx, actor, params.issueId),
        create: (actor, params, body, options) => createIssueLink(app.ctx, actor, params.issueId, body, options),
        read: (actor, params, id) => getIssueLink(app.ctx, actor, params.issueId, id),
        update: (actor, params, id, body, options) => updateIssueLink(app.ctx, actor, params.issueId, id, body, options),
        remove: (actor, params, id, options) => deleteIssueLink(app.ctx, actor, params.issueId, id, options),
      },
    });
  }
}
