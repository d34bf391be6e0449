// Comments of a work item on Plane's public API (both `work-items/` and `issues/` paths), through the
// app API's comment services, permissions and row rules (edit/delete: the author or an admin).
import type { FastifyInstance } from 'fastify';
import { commentParams, createCommentBody, updateCommentBody } from '../../../shared/schemas/issue-extras';
import { issueParams } from '../../../shared/schemas/issue';
import { v1Comment, v1CommentPage } from '../../../shared/schemas/api-v1/work-item-extras';
import { createComment, deleteComment, getComment, listComments, updateComment } from '../../services/work-items/issue-comment';
import { registerProjectCrud, V1_PROJECT } from './adapter';
import { WORK_ITEM_SEGMENTS } from './work-items';

export default async function workItemCommentsRoutes(app: FastifyInstance) {
  for (const segment of WORK_ITEM_SEGMENTS) {
    registerProjectCrud(app, {
      list: `${V1_PROJECT}/${segment}/:issueId/comments/`,
      idParam: 'commentId',
      params: { list: issueParams, one: commentParams },
      access: { list: 'project.read', create: 'project.participate', read: 'project.read', update: 'project.participate', remove: 'project.participate' },
      body: { create: createCommentBody, update: updateCommentBody },
      item: v1Comment,
      page: v1CommentPage,
      extra: (_actor, params) => ({ issue: params.issueId }),
      service: {
        list: (actor, params) => listComments(app.ctx, actor, params.issueId),
        create: (actor, params, body, options) => createComment(app.ctx, actor, params.issueId, body, options),
        read: (actor, params, id) => getComment(app.ctx, actor, params.issueId, id),
        update: (actor, params, id, body, options) => updateComment(app.ctx, actor, params.issueId, id, body, options),
        remove: (actor, params, id, options) => deleteComment(app.ctx, actor, params.issueId, id, options),
      },
    });
  }
}
