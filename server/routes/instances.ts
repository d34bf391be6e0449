// The instance API (reference §2.1, §2.2): the public instance + config read, and the instance
// admin's instance and configuration settings (changes apply to the auth flows at once).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { configurationPatchBody, instancePatchBody } from '../../shared/schemas/instance';
import { presentConfiguration, presentInstance } from '../services/ops/presenters/instance';
import { getInstance, getInstanceSettings, hasWorkspaces, presentInstanceConfig, updateInstance } from '../services/ops/instance';
import { listConfigurations, updateConfigurations } from '../services/ops/instance-configuration';
import { writeOptions } from '../request-context';
import { z } from 'zod';
import { instanceConfigurationResponse, instanceResponse, instanceStatusResponse } from '../../shared/schemas/instance';
import { replies } from '../../shared/schemas/responses';

export default async function instancesRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: '/api/instances/',
    config: { access: 'public'},
    schema: { response: replies({ 200: instanceStatusResponse }) },
    handler: async () => {
      const [instance, settings, workspacesExist] = await Promise.all([
        getInstance(app.ctx.db),
        getInstanceSettings(app.ctx),
        hasWorkspaces(app.ctx.db),
      ]);
      return { instance: presentInstance(instance, workspacesExist), config: presentInstanceConfig(app.ctx, settings) };
    },
  });

  app.route({
    method: 'PATCH',
    url: '/api/instances/',
    config: { access: 'instance-admin'},
    schema: { body: instancePatchBody, response: replies({ 200: instanceResponse }) },
    handler: async (request) => {
      const instance = await updateInstance(app.ctx, request.body, request.actor.userId);
      return presentInstance(instance, await hasWorkspaces(app.ctx.db));
    },
  });

  app.route({
    method: 'GET',
    url: '/api/instances/configurations/',
    config: { access: 'instance-admin'},
    schema: { response: replies({ 200: z.array(instanceConfigurationResponse) }) },
    handler: async () => (await listConfigurations(app.ctx)).map(presentConfiguration),
  });

  app.route({
    method: 'PATCH',
    url: '/api/instances/configurations/',
    config: { access: 'instance-admin'},
    schema: { body: configurationPatchBody, response: replies({ 200: z.array(instanceConfigurationResponse) }) },
    handler: async (request) => (await updateConfigurations(app.ctx, request.body, request.actor.userId, writeOptions(request))).map(presentConfiguration),
  });
}
