// Workspace invitations (reference §4.3): managed by members, answered anonymously with the
// emailed token, or accepted by the signed-in invitee.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { acceptInvitationsBody } from '../../shared/schemas/user';
import {
  createInvitationsBody,
  invitationParams,
  joinInvitationBody,
  slugParams,
  updateInvitationBody,
} from '../../shared/schemas/workspace';
import { writeOptions } from '../request-context';
import {
  acceptMyInvitations,
  createInvitations,
  deleteInvitation,
  getInvitation,
  getInvitationForJoin,
  listInvitations,
  listMyInvitations,
  respondToInvitation,
  updateInvitation,
} from '../services/accounts/workspace-invitation';
import { z } from 'zod';
import { workspaceInvitationResponse } from '../../shared/schemas/workspace';
import { messageBody, noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

export default async function workspaceInvitationsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const ctx = app.ctx;

  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/invitations/',
    config: { access: 'workspace.invite'},
    schema: { params: slugParams, body: createInvitationsBody, response: replies({ 200: messageBody }) },
    handler: async (request) => createInvitations(ctx, request.actor, request.body, writeOptions(request)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/invitations/',
    config: { access: 'workspace.invite'},
    schema: { params: slugParams, response: replies({ 200: z.array(workspaceInvitationResponse) }) },
    handler: async (request) => listInvitations(ctx, request.actor),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/invitations/:invitationId/',
    config: { access: 'workspace.invite'},
    schema: { params: invitationParams, response: replies({ 200: workspaceInvitationResponse }) },
    handler: async (request) => getInvitation(ctx, request.actor, request.params.invitationId),
  });
  app.route({
    method: 'PATCH',
    url: '/api/workspaces/:slug/invitations/:invitationId/',
    config: { access: 'workspace.invite'},
    schema: { params: invitationParams, body: updateInvitationBody, response: replies({ 200: workspaceInvitationResponse }) },
    handler: async (request) => updateInvitation(ctx, request.actor, request.params.invitationId, request.body.role),
  });
  app.route({
    method: 'DELETE',
    url: '/api/workspaces/:slug/invitations/:invitationId/',
    config: { access: 'workspace.invite'},
    schema: { params: invitationParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteInvitation(ctx, request.actor, request.params.invitationId)),
  });
  app.route({
    method: 'GET',
    url: '/api/workspaces/:slug/invitations/:invitationId/join/',
    // The invitee may not have an account yet; the page shows what they were invited to.
    config: { access: 'public'},
    schema: { params: invitationParams, response: replies({ 200: workspaceInvitationResponse }) },
    handler: async (request) => getInvitationForJoin(ctx, request.params.slug, request.params.invitationId),
  });
  app.route({
    method: 'POST',
    url: '/api/workspaces/:slug/invitations/:invitationId/join/',
    // Security: public, but the emailed token is the proof (checked in the service).
    config: { access: 'public'},
    schema: { params: invitationParams, body: joinInvitationBody, response: replies({ 200: messageBody }) },
    handler: async (request) =>
      respondToInvitation(ctx, request.params.slug, request.params.invitationId, request.body, writeOptions(request)),
  });
  app.route({
    method: 'GET',
    url: '/api/users/me/workspaces/invitations/',
    config: { access: 'authenticated'},
    schema: { response: replies({ 200: z.array(workspaceInvitationResponse) }) },
    handler: async (request) => listMyInvitations(ctx, request.auth.user!),
  });
  app.route({
    method: 'POST',
    url: '/api/users/me/workspaces/invitations/',
    config: { access: 'authenticated'},
    schema: { body: acceptInvitationsBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, acceptMyInvitations(ctx, request.auth.user!, request.body.invitations, writeOptions(request))),
  });
}
