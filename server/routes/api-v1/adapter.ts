// What every /api/v1 route shares: its URL prefixes, Plane's list envelope over a service's list,
// and the step from a public body to the app API's body schema (so both APIs validate one way).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { PermissionName } from '../../../shared/permission-table';
import { noBody, replies } from '../../../shared/schemas/responses';
import type { ProjectActor } from '../../actor';
import type { WriteOptions } from '../../live/record-change';
import { writeOptions } from '../../request-context';
import { noContent } from '../../reply';
import { offsetPageResponse } from '../../../shared/cursor';
import { resolveListPagination } from '../../list-engine/params';
import { toValidationError } from '../../plugins/zod';
import { appBodyFromV1, pickV1Fields, presentV1 } from '../../services/integrations/presenters/api-v1';
import { v1ListQuery, type V1ListQuery } from '../../../shared/schemas/api-v1/common';

/** Workspace routes of the public API; `:slug` and `:projectId` are what the access plugin reads. */
export const V1_WORKSPACE = '/api/v1/workspaces/:slug';
export const V1_PROJECT = `${V1_WORKSPACE}/projects/:projectId`;
/** Plane's default page size of the public API. */
const V1_PER_PAGE = '100';

/** The list query with Plane's default page size filled in, as the app list helpers read it. */
export function v1Pagination(query: V1ListQuery): { per_page: string; cursor?: string } {
  return { per_page: query.per_page || V1_PER_PAGE, ...(query.cursor ? { cursor: query.cursor } : {}) };
}

/**
 * One page of a service's full list in Plane's envelope, each item in public field names.
 * @throws BadRequestError for a malformed cursor or per_page.
 */
export function listPage<T extends object>(items: T[], query: V1ListQuery, extra: Record<string, unknown> = {}) {
  const page = offsetPageResponse(items, resolveListPagination(v1Pagination(query)));
  return { ...page, results: page.results.map((item) => pickV1Fields(presentV1(item, extra), query.fields)) };
}

/**
 * A public body as the app API's body (`state` → `state_id`), checked by the app route's own schema.
 * @throws ValidationError (400 `{"field": ["message"]}`) as the app route would.
 */
export function toAppBody<Schema extends z.ZodType>(schema: Schema, body: unknown): z.output<Schema> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  const result = schema.safeParse(appBodyFromV1(body, shape ? new Set(Object.keys(shape)) : undefined));
  if (!result.success) throw toValidationError(result.error);
  return result.data;
}

/** What a project-level CRUD resource of the public API is made of (states, labels, comments, …). */
interface ProjectCrud<Create extends z.ZodType, Update extends z.ZodType> {
  /** The list URL (`…/states/`); one item is `${list}:${idParam}/`. */
  list: string;
  idParam: string;
  /** Params schemas of the list and of one item (`slug`, `projectId`, parents, the id). */
  params: { list: z.ZodType; one: z.ZodType };
  /** Permission names, as the app API's routes for the same actions declare them. */
  access: { list: PermissionName; create: PermissionName; read: PermissionName; update: PermissionName; remove: PermissionName };
  /** Bodies as the app API's routes validate them (Plane's field names are mapped first). */
  body: { create: Create; update: Update };
  /** The bodies the route declares when Plane names fields differently (`owned_by`): the app's plus those names. */
  publicBody?: { create: z.ZodType; update: z.ZodType };
  /** Response item schema and page schema. */
  item: z.ZodType;
  page: z.ZodType;
  /** Fields the app presenter lacks that Plane's object has (`workspace`, `issue`). */
  extra?: (actor: ProjectActor, params: Record<string, string>) => Record<string, unknown>;
  service: {
    list(actor: ProjectActor, params: Record<string, string>): Promise<object[]>;
    create(actor: ProjectActor, params: Record<string, string>, body: z.output<Create>, options: WriteOptions): Promise<object>;
    read(actor: ProjectActor, params: Record<string, string>, id: string): Promise<object>;
    update(actor: ProjectActor, params: Record<string, string>, id: string, body: z.output<Update>, options: WriteOptions): Promise<object>;
    remove(actor: ProjectActor, params: Record<string, string>, id: string, options: WriteOptions): Promise<void>;
  };
}

type ProjectRequest = FastifyRequest & { actor: ProjectActor; params: Record<string, string> };

/**
 * Registers list, create, retrieve, update and delete of one project-level resource: every handler
 * one service call and the public presentation of its answer.
 */
export function registerProjectCrud<Create extends z.ZodType, Update extends z.ZodType>(app: FastifyInstance, crud: ProjectCrud<Create, Update>): void {
  const one = `${crud.list}:${crud.idParam}/`;
  const extra = (request: ProjectRequest) => ({ workspace: request.actor.workspace.id, ...crud.extra?.(request.actor, request.params) });
  const present = (request: ProjectRequest, item: object) => presentV1(item, extra(request));
  const id = (request: ProjectRequest) => request.params[crud.idParam];
  app.route({
    method: 'GET',
    url: crud.list,
    config: { access: crud.access.list },
    schema: { params: crud.params.list, querystring: v1ListQuery, response: replies({ 200: crud.page }) },
    handler: async (plain) => {
      const request = plain as ProjectRequest;
      return listPage(await crud.service.list(request.actor, request.params), request.query as V1ListQuery, extra(request));
    },
  });
  app.route({
    method: 'POST',
    url: crud.list,
    config: { access: crud.access.create },
    schema: { params: crud.params.list, body: crud.publicBody?.create ?? crud.body.create, response: replies({ 201: crud.item }) },
    handler: async (plain, reply) => {
      const request = plain as ProjectRequest;
      const created = await crud.service.create(request.actor, request.params, toAppBody(crud.body.create, request.body), writeOptions(request));
      return reply.code(201).send(present(request, created));
    },
  });
  app.route({
    method: 'GET',
    url: one,
    config: { access: crud.access.read },
    schema: { params: crud.params.one, response: replies({ 200: crud.item }) },
    handler: async (plain) => {
      const request = plain as ProjectRequest;
      return present(request, await crud.service.read(request.actor, request.params, id(request)));
    },
  });
  app.route({
    method: 'PATCH',
    url: one,
    config: { access: crud.access.update },
    schema: { params: crud.params.one, body: crud.publicBody?.update ?? crud.body.update, response: replies({ 200: crud.item }) },
    handler: async (plain) => {
      const request = plain as ProjectRequest;
      const body = toAppBody(crud.body.update, request.body);
      return present(request, await crud.service.update(request.actor, request.params, id(request), body, writeOptions(request)));
    },
  });
  app.route({
    method: 'DELETE',
    url: one,
    config: { access: crud.access.remove },
    schema: { params: crud.params.one, response: replies({ 204: noBody }) },
    handler: async (plain, reply) => {
      const request = plain as ProjectRequest;
      return noContent(reply, crud.service.remove(request.actor, request.params, id(request), writeOptions(request)));
    },
  });
}
