// The page body over REST (reference §5.3, API.md "Pages and collaboration"): GET answers the Yjs
// state as application/octet-stream; PATCH takes a raw Yjs update or the reference's JSON form.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { toValidationError } from '../plugins/zod';
import { PAGE_DESCRIPTION_MAX_BYTES, pageDescriptionBody, pageDescriptionUpdate, pageParams } from '../../shared/schemas/page';
import { getPageDescription, patchPageDescription } from '../services/pages/page-description';
import { binaryBody, messageBody, replies } from '../../shared/schemas/responses';

const URL = '/api/workspaces/:slug/projects/:projectId/pages/:pageId/description/';
const BODY_LIMIT = Math.ceil((PAGE_DESCRIPTION_MAX_BYTES * 4) / 3) + 64 * 1024;

export default async function pageDescriptionRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // Scoped to this plugin: only the description route takes raw bytes.
  app.addContentTypeParser('application/octet-stream', { parseAs: 'buffer', bodyLimit: BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.get(URL, { config: { access: 'project.read' }, schema: { params: pageParams, response: replies({ 200: binaryBody }) } }, async (request, reply) => {
    const state = await getPageDescription(app.ctx, request.actor, request.params.pageId);
    return reply
      .type('application/octet-stream')
      .header('content-disposition', 'attachment; filename="page_description.bin"')
      .send(Buffer.from(state.buffer, state.byteOffset, state.byteLength));
  });

  app.patch(URL, { config: { access: 'project.row-rule' }, bodyLimit: BODY_LIMIT, schema: { params: pageParams, body: pageDescriptionUpdate, response: replies({ 200: messageBody }) } }, async (request) => {
    await patchPageDescription(app.ctx, request.actor, request.params.pageId, parseDescriptionBody(request.body));
    return { message: 'Updated successfully' };
  });
}

function parseDescriptionBody(body: unknown) {
  if (Buffer.isBuffer(body)) return new Uint8Array(body);
  const parsed = pageDescriptionBody.safeParse(body ?? {});
  if (!parsed.success) throw toValidationError(parsed.error);
  return parsed.data;
}
