// Work item attachments on Plane's public API (both `work-items/` and `issues/` paths), Plane's flow
// over the app API's attachment services: POST announces the file and answers a signed upload form
// (Trellis plays the presigned S3 URL: `attachment-uploads/{id}/`), the form's POST stores it, PATCH
// `{is_uploaded: true}` confirms; list, retrieve and delete as in the app API.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from '../../plugins/zod';
import { issueParams } from '../../../shared/schemas/issue';
import { attachmentUploadBody } from '../../../shared/schemas/issue-extras';
import {
  v1Attachment,
  v1AttachmentParams,
  v1AttachmentUpdateBody,
  v1AttachmentUploadParams,
  v1AttachmentUploadRequest,
  v1AttachmentUploadResponse,
} from '../../../shared/schemas/api-v1/attachment';
import { noBody, replies } from '../../../shared/schemas/responses';
import type { ProjectActor } from '../../actor';
import type { ServerContext } from '../../context';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import { hmacHex, safeEqual } from '../../security';
import { writeOptions } from '../../request-context';
import { completeIssueAttachmentUpload, deleteIssueAttachment, listIssueAttachments, reserveIssueAttachment } from '../../services/work-items/issue-attachment';
import { presentV1 } from '../../services/integrations/presenters/api-v1';
import { V1_PROJECT } from './adapter';
import { WORK_ITEM_SEGMENTS } from './work-items';
import { noContent } from '../../reply';

/** How long an upload form stays valid, as Plane's presigned URLs (one hour). */
const UPLOAD_FORM_TTL_SECONDS = 3600;
const UPLOAD_URL = '/api/v1/attachment-uploads/:attachmentId/';

const signature = (ctx: ServerContext, attachmentId: string, expires: string) => hmacHex(ctx.config.secretKey, `attachment-upload:${attachmentId}:${expires}`);

/**
 * Reads the upload form: its text fields, then the one file (any field name, `file` by S3's
 * convention). As with S3's form POST the fields come first: `checkFields` runs on them before a
 * byte of the file is read, so an unsigned form never has its file buffered.
 */
async function readUploadForm(request: FastifyRequest, checkFields: (fields: Record<string, string>) => void): Promise<Buffer> {
  if (!request.isMultipart()) throw new BadRequestError('The request must be multipart/form-data with the upload fields and a file.');
  const fields: Record<string, string> = {};
  let data: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      checkFields(fields);
      data = await part.toBuffer();
    } else if (typeof part.value === 'string') fields[part.fieldname] = part.value;
  }
  if (!data) throw ValidationError.field('file', 'No file was submitted.');
  return data;
}

export default async function workItemAttachmentsRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** One uploaded attachment of the work item, as the app's list has it. @throws NotFoundError */
  const findAttachment = async (actor: ProjectActor, issueId: string, attachmentId: string) => {
    const found = (await listIssueAttachments(app.ctx, actor, issueId)).find((item) => item.id === attachmentId);
    if (!found) throw new NotFoundError();
    return found;
  };

  app.route({
    method: 'POST',
    url: UPLOAD_URL,
    config: { access: 'public' },
    schema: { params: v1AttachmentUploadParams, body: attachmentUploadBody, response: replies({ 204: noBody }) },
    handler: async (request, reply) => {
      const { attachmentId } = request.params;
      const data = await readUploadForm(request, (fields) => {
        const expected = fields.expires ? signature(app.ctx, attachmentId, fields.expires) : '';
        if (!fields.signature || !safeEqual(fields.signature, expected)) throw new NotFoundError();
        if (Number(fields.expires) * 1000 < Date.now()) throw new BadRequestError('The upload form has expired.');
      });
      await completeIssueAttachmentUpload(app.ctx, attachmentId, data, writeOptions(request));
      return reply.code(204).send();
    },
  });

  for (const segment of WORK_ITEM_SEGMENTS) {
    const list = `${V1_PROJECT}/${segment}/:issueId/attachments/`;
    const one = `${list}:attachmentId/`;

    app.route({
      method: 'GET',
      url: list,
      config: { access: 'project.read' },
      schema: { params: issueParams, response: replies({ 200: z.array(v1Attachment) }) },
      handler: async (request) => (await listIssueAttachments(app.ctx, request.actor, request.params.issueId)).map((item) => presentV1(item)),
    });

    app.route({
      method: 'POST',
      url: list,
      config: { access: 'project.participate' },
      schema: { params: issueParams, body: v1AttachmentUploadRequest, response: replies({ 200: v1AttachmentUploadResponse }) },
      handler: async (request) => {
        const attachment = await reserveIssueAttachment(app.ctx, request.actor, request.params.issueId, request.body);
        const expires = String(Math.floor(Date.now() / 1000) + UPLOAD_FORM_TTL_SECONDS);
        const url = `${request.protocol}://${request.host}${UPLOAD_URL.replace(':attachmentId', attachment.id)}`;
        return {
          upload_data: { url, fields: { expires, signature: signature(app.ctx, attachment.id, expires) } },
          asset_id: attachment.id,
          asset_url: attachment.asset_url,
          attachment: presentV1(attachment) as z.infer<typeof v1Attachment>,
        };
      },
    });

    app.route({
      method: 'GET',
      url: one,
      config: { access: 'project.read' },
      schema: { params: v1AttachmentParams, response: replies({ 200: v1Attachment }) },
      handler: async (request) => presentV1(await findAttachment(request.actor, request.params.issueId, request.params.attachmentId)),
    });

    app.route({
      method: 'PATCH',
      url: one,
      config: { access: 'project.participate' },
      schema: { params: v1AttachmentParams, body: v1AttachmentUpdateBody, response: replies({ 200: v1Attachment }) },
      handler: async (request) => {
        try {
          return presentV1(await findAttachment(request.actor, request.params.issueId, request.params.attachmentId));
        } catch (error) {
          if (error instanceof NotFoundError && request.body.is_uploaded) throw new BadRequestError('The file has not been uploaded to the upload form yet.');
          throw error;
        }
      },
    });

    app.route({
      method: 'DELETE',
      url: one,
      config: { access: 'project.participate' },
      schema: { params: v1AttachmentParams, response: replies({ 204: noBody }) },
      handler: async (request, reply) => noContent(reply, deleteIssueAttachment(app.ctx, request.actor, request.params.issueId, request.params.attachmentId, writeOptions(request))),
    });
  }
}
