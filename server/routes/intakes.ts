// The project's intakes (reference §6), served under both `intakes/` and `inboxes/`: GET the
// project's intake; Member+ adds, changes and deletes intakes (the default one cannot be deleted).
// `:intakeId` is the intake's own id. Their submissions are in intake-issues.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { projectParams } from '../../shared/schemas/issue';
import { createIntakeBody, intakeParams, intakeResponse, updateIntakeBody } from '../../shared/schemas/intake';
import { noBody, replies } from '../../shared/schemas/responses';
import { writeOptions } from '../request-context';
import { createIntake, deleteIntake, getProjectIntake, updateIntake } from '../services/inbox/intakes';
import { noContent } from '../reply';

const PREFIXES = ['intakes', 'inboxes'] as const;

export default async function intakesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  for (const prefix of PREFIXES) {
    const base = `/api/workspaces/:slug/projects/:projectId/${prefix}`;

    app.route({
      method: 'GET',
      url: `${base}/`,
      config: { access: 'project.member-read' },
      schema: { params: projectParams, response: replies({ 200: intakeResponse }) },
      handler: async (request) => getProjectIntake(app.ctx, request.actor),
    });

    app.route({
      method: 'POST',
      url: `${base}/`,
      config: { access: 'project.configure' },
      schema: { params: projectParams, body: createIntakeBody, response: replies({ 201: intakeResponse }) },
      handler: async (request, reply) => reply.code(201).send(await createIntake(app.ctx, request.actor, request.body, writeOptions(request))),
    });

    app.route({
      method: 'PATCH',
      url: `${base}/:intakeId/`,
      config: { access: 'project.configure' },
      schema: { params: intakeParams, body: updateIntakeBody, response: replies({ 200: intakeResponse }) },
      handler: async (request) => updateIntake(app.ctx, request.actor, request.params.intakeId, request.body, writeOptions(request)),
    });

    app.route({
      method: 'DELETE',
      url: `${base}/:intakeId/`,
      config: { access: 'project.configure' },
      schema: { params: intakeParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, deleteIntake(app.ctx, request.actor, request.params.intakeId, writeOptions(request))),
    });
  }
}
