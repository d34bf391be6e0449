// Files attached to an issue: multipart upload (field `asset`, optional `attributes` JSON), list,
// delete, and a streaming download with the file's name and type.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from '../plugins/zod';
import { contentDisposition } from '../content-disposition';
import { issueParams } from '../../shared/schemas/issue';
import { attachmentParams } from '../../shared/schemas/issue-extras';
import { BadRequestError, ValidationError } from '../errors';
import { writeOptions } from '../request-context';
import { createIssueAttachment, deleteIssueAttachment, listIssueAttachments, openIssueAttachment, type UploadedFile } from '../services/work-items/issue-attachment';
import { z } from 'zod';
import { attachmentUploadBody, issueAttachment } from '../../shared/schemas/issue-extras';
import { binaryBody, noBody, replies } from '../../shared/schemas/responses';
import { noContent } from '../reply';

const BASE = '/api/workspaces/:slug/projects/:projectId/issues/:issueId/issue-attachments';

/** Reads the multipart body: the `asset` file (size-limited by the multipart plugin) and `attributes`. */
async function readUpload(request: FastifyRequest): Promise<UploadedFile> {
  if (!request.isMultipart()) throw new BadRequestError('The request must be multipart/form-data with an asset file.');
  let file: Omit<UploadedFile, 'attributes'> | null = null;
  let attributes: Record<string, unknown> = {};
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      const data = await part.toBuffer();
      if (part.fieldname === 'asset') file = { filename: part.filename, mimeType: part.mimetype || 'application/octet-stream', data };
    } else if (part.fieldname === 'attributes' && typeof part.value === 'string' && part.value !== '') {
      try {
        const parsed: unknown = JSON.parse(part.value);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('not an object');
        attributes = parsed as Record<string, unknown>;
      } catch {
        throw ValidationError.field('attributes', 'Must be a JSON object.');
      }
    }
  }
  if (!file) throw ValidationError.field('asset', 'No file was submitted.');
  return { ...file, attributes };
}

/** `attachment; filename="…"` with an ASCII fallback and the UTF-8 name. */

export default async function issueAttachmentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.route({
    method: 'GET',
    url: `${BASE}/`,
    config: { access: 'project.read'},
    schema: { params: issueParams, response: replies({ 200: z.array(issueAttachment) }) },
    handler: async (request) => listIssueAttachments(app.ctx, request.actor, request.params.issueId),
  });

  app.route({
    method: 'POST',
    url: `${BASE}/`,
    config: { access: 'project.participate'},
    schema: { params: issueParams, body: attachmentUploadBody, response: replies({ 201: issueAttachment }) },
    handler: async (request, reply) => {
      const upload = await readUpload(request);
      return reply.code(201).send(await createIssueAttachment(app.ctx, request.actor, request.params.issueId, upload, writeOptions(request)));
    },
  });

  app.route({
    method: 'DELETE',
    url: `${BASE}/:attachmentId/`,
    config: { access: 'project.participate'},
    schema: { params: attachmentParams, response: replies({ 204: noBody }) },
    handler: async (request, reply) => noContent(reply, deleteIssueAttachment(app.ctx, request.actor, request.params.issueId, request.params.attachmentId, writeOptions(request))),
  });

  app.route({
    method: 'GET',
    url: `${BASE}/:attachmentId/download/`,
    config: { access: 'project.read'},
    schema: { params: attachmentParams, response: replies({ 200: binaryBody }) },
    handler: async (request, reply) => {
      const file = await openIssueAttachment(app.ctx, request.actor, request.params.issueId, request.params.attachmentId);
      reply.header('content-type', file.mimeType).header('content-length', file.size).header('content-disposition', contentDisposition(file.name));
      return reply.send(file.stream);
    },
  });
}
