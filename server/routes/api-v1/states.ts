// States of a project on Plane's public API, through the app API's state services and permissions.
import type { FastifyInstance } from 'fastify';
import { projectParams } from '../../../shared/schemas/project';
import { createStateBody, updateStateBody } from '../../../shared/schemas/state';
import { v1State, v1StatePage, v1StateParams } from '../../../shared/schemas/api-v1/project';
import { createState, deleteState, getState, listStates, updateState } from '../../services/work-items/state';
import { registerProjectCrud, V1_PROJECT } from './adapter';

export default async function statesRoutes(app: FastifyInstance) {
  registerProjectCrud(app, {
    list: `${V1_PROJECT}/states/`,
    idParam: 'stateId',
    params: { list: projectParams, one: v1StateParams },
    access: { list: 'project.read', create: 'project.admin', read: 'project.read', update: 'project.configure', remove: 'project.admin' },
    body: { create: createStateBody, update: updateStateBody },
    item: v1State,
    page: v1StatePage,
    service: {
      list: (actor) => listStates(app.ctx, actor, false) as Promise<object[]>,
      create: (actor, _params, body, options) => createState(app.ctx, actor, body, options),
      read: (actor, _params, id) => getState(app.ctx, actor, id),
      update: (actor, _params, id, body, options) => updateState(app.ctx, actor, id, body, options),
      remove: (actor, _params, id, options) => deleteState(app.ctx, actor, id, options),
    },
  });
}
