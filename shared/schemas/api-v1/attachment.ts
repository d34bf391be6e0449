// Work item attachments on Plane's public API (/api/v1), Plane's two-step flow: announce the file
// (`{name, type, size}`), send it as a form to the answered `upload_data.url` with its `fields`
// (as to a presigned S3 form), then confirm with PATCH `{is_uploaded: true}`.
import { z } from 'zod';
import { boundedString, uuidSchema } from '../common';
import { issueParams } from '../issue';

export const v1AttachmentUploadRequest = z.object({
  name: boundedString(255).min(1),
  type: boundedString(255).optional(),
  size: z.number().int().min(0),
  external_id: boundedString(255).optional(),
  external_source: boundedString(255).optional(),
});
/** PATCH: Plane's confirmation of the upload (other fields are accepted and ignored, as Plane's). */
export const v1AttachmentUpdateBody = z.looseObject({ is_uploaded: z.boolean().optional() });

export const v1Attachment = z.looseObject({ id: z.string(), asset: z.string(), issue: z.string(), project: z.string(), workspace: z.string(), is_uploaded: z.boolean() });
export const v1AttachmentParams = issueParams.extend({ attachmentId: uuidSchema });

/** The form a client sends the file with: where, and the signed fields to send along. */
export const v1AttachmentUploadResponse = z.strictObject({
  upload_data: z.strictObject({ url: z.string(), fields: z.record(z.string(), z.string()) }),
  asset_id: z.string(),
  asset_url: z.string(),
  attachment: v1Attachment,
});
export const v1AttachmentUploadParams = z.object({ attachmentId: uuidSchema });
