// The caller's notifications in a workspace (reference §7.1): workspace Guest+, always scoped to
// `receiver = caller` by the service, so another user's notification answers 404.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import {
  markAllReadBody,
  notification,
  notificationListQuery,
  notificationListResponse,
  notificationParams,
  unreadCountsResponse,
  updateNotificationBody,
  workspaceSlugParams,
} from '../../shared/schemas/notification';
import { messageBody, noBody, replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import {
  deleteNotification,
  getNotification,
  listNotifications,
  markAllRead,
  setArchived,
  setRead,
  unreadCounts,
  updateNotification,
} from '../services/inbox/notification';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/users/notifications';

export default async function notificationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/`,
    config: { access: 'workspace.read' },
    schema: { params: workspaceSlugParams, querystring: notificationListQuery, response: replies({ 200: notificationListResponse }) },
    handler: async (request) => listNotifications(app.ctx, request.actor, request.query),
  });

  app.route({
    method: 'GET',
    url: `${BASE}/unread/`,
    config: { access: 'workspace.read' },
    schema: { params: workspaceSlugParams, response: replies({ 200: unreadCountsResponse }) },
    handler: async (request) => unreadCounts(app.ctx, request.actor),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/mark-all-read/`,
    config: { access: 'workspace.read' },
    schema: { params: workspaceSlugParams, body: markAllReadBody, response: replies({ 200: messageBody }) },
    handler: async (request) => markAllRead(app.ctx, request.actor, request.body, writeOptions(request)),
  });

  app.route({
    method: 'GET',
    url: `${BASE}/:notificationId/`,
    config: { access: 'workspace.read' },
    schema: { params: notificationParams, response: replies({ 200: notification }) },
    handler: async (request) => getNotification(app.ctx, request.actor, request.params.notificationId),
  });

  app.route({
    method: 'PATCH',
    url: `${BASE}/:notificationId/`,
    config: { access: 'workspace.read' },
    schema: { params: notificationParams, body: updateNotificationBody, response: replies({ 200: notification }) },
    handler: async (request) => updateNotification(app.ctx, request.actor, request.params.notificationId, request.body, writeOptions(request)),
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/:notificationId/`,
    config: { access: 'workspace.read' },
    schema: { params: notificationParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteNotification(app.ctx, request.actor, request.params.notificationId, writeOptions(request))),
  });

  for (const [segment, apply] of [
    ['read', setRead],
    ['archive', setArchived],
  ] as const) {
    app.route({
      method: 'POST',
      url: `${BASE}/:notificationId/${segment}/`,
      config: { access: 'workspace.read' },
      schema: { params: notificationParams, response: replies({ 200: notification }) },
      handler: async (request) => apply(app.ctx, request.actor, request.params.notificationId, true, writeOptions(request)),
    });
    app.route({
      method: 'DELETE',
      url: `${BASE}/:notificationId/${segment}/`,
      config: { access: 'workspace.read' },
      schema: { params: notificationParams, response: replies({ 200: notification }) },
      handler: async (request) => apply(app.ctx, request.actor, request.params.notificationId, false, writeOptions(request)),
    });
  }
}
