// Labels of a project on Plane's public API, through the app API's label services and permissions.
import type { FastifyInstance } from 'fastify';
import { projectParams } from '../../../shared/schemas/project';
import { createLabelBody, updateLabelBody } from '../../../shared/schemas/label';
import { v1Label, v1LabelPage, v1LabelParams } from '../../../shared/schemas/api-v1/project';
import { createLabel, deleteLabel, getLabel, listLabels, updateLabel } from '../../services/work-items/label';
import { registerProjectCrud, V1_PROJECT } from './adapter';

export default async function labelsRoutes(app: FastifyInstance) {
  registerProjectCrud(app, {
    list: `${V1_PROJECT}/labels/`,
    idParam: 'labelId',
    params: { list: projectParams, one: v1LabelParams },
    access: { list: 'project.read', create: 'project.admin', read: 'project.read', update: 'project.admin', remove: 'project.admin' },
    body: { create: createLabelBody, update: updateLabelBody },
    item: v1Label,
    page: v1LabelPage,
    service: {
      list: (actor) => listLabels(app.ctx, actor),
      create: (actor, _params, body, options) => createLabel(app.ctx, actor, body, options),
      read: (actor, _params, id) => getLabel(app.ctx, actor, id),
      update: (actor, _params, id, body, options) => updateLabel(app.ctx, actor, id, body, options),
      remove: (actor, _params, id, options) => deleteLabel(app.ctx, actor, id, options),
    },
  });
}
