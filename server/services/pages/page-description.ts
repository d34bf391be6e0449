// The page body over REST (reference §5.3 description/): GET returns the Yjs state as one update;
// PATCH merges a Yjs update (binary or base64 JSON) or replaces the body from html, through the live
// document so open editors see it at once.
import * as Y from 'yjs';
import { canEditPageContent } from '../../../shared/policies/page';
import { PAGE_DESCRIPTION_MAX_BYTES, type PageDescriptionBody } from '../../../shared/schemas/page';
import type { ServerContext } from '../../context';
import type { ProjectActor } from '../../actor';
import { CodedError, ForbiddenError, NotFoundError, ValidationError } from '../../errors';
import { authorizePage, loadReadablePage } from './policies/page';
import { sanitizeRichHtml } from '../work-items/html';
import { htmlToJson, isValidYjsUpdate, replaceBody } from '../../../shared/document-content';
import { changePageDocument, currentPageState } from './page-collab';

const MIN_UPDATE_BYTES = 4;

/**
 * Decodes and checks a base64 Yjs update.
 * @throws ValidationError `{"description_binary": ["Invalid binary data: …"]}`.
 */
export function decodeDescriptionBinary(base64: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64.replace(/\s+/g, ''))) throw invalidBinary('not base64');
  return checkUpdate(new Uint8Array(Buffer.from(base64, 'base64')));
}

/**
 * Checks raw bytes as a Yjs update.
 * @throws ValidationError when too small, too large, html-looking or not a Yjs update.
 */
function checkUpdate(bytes: Uint8Array): Uint8Array {
  if (bytes.length < MIN_UPDATE_BYTES) throw invalidBinary('too small');
  if (bytes.length > PAGE_DESCRIPTION_MAX_BYTES) throw invalidBinary('larger than 10 MB');
  const head = Buffer.from(bytes.subarray(0, 64)).toString('latin1').trimStart().toLowerCase();
  if (head.startsWith('<')) throw invalidBinary('looks like markup');
  if (!isValidYjsUpdate(bytes)) throw invalidBinary('not a Yjs update');
  return bytes;
}

function invalidBinary(reason: string) {
  return ValidationError.field('description_binary', `Invalid binary data: ${reason}`);
}

/** The page body as one Yjs update (empty when nothing is stored). @throws NotFoundError when unreadable. */
export async function getPageDescription(ctx: ServerContext, actor: ProjectActor, pageId: string): Promise<Uint8Array> {
  const page = await readableOrNotFound(ctx, actor, pageId);
  return (await currentPageState(ctx, page.id)) ?? new Uint8Array();
}

/**
 * Writes the page body.
 * @throws CodedError 4701 (locked) / 4702 (archived); ForbiddenError when the caller may not edit;
 * ValidationError for a bad update.
 */
export async function patchPageDescription(
  ctx: ServerContext,
  actor: ProjectActor,
  pageId: string,
  body: PageDescriptionBody | Uint8Array,
): Promise<void> {
  const page = await readableOrNotFound(ctx, actor, pageId);
  if (page.isLocked) throw new CodedError(4701, 'PAGE_LOCKED');
  if (page.archivedAt) throw new CodedError(4702, 'PAGE_ARCHIVED');
  authorizePage(actor, page, canEditPageContent, new ForbiddenError());
  if (body instanceof Uint8Array) {
    const update = checkUpdate(body);
    return changePageDocument(ctx, page.id, (doc) => Y.applyUpdate(doc, update), actor.userId);
  }
  if (body.description_binary) {
    const update = decodeDescriptionBinary(body.description_binary);
    return changePageDocument(ctx, page.id, (doc) => Y.applyUpdate(doc, update), actor.userId);
  }
  if (body.description_html !== undefined) {
    const description = await htmlToJson(await sanitizeRichHtml(body.description_html));
    return changePageDocument(ctx, page.id, (doc) => replaceBody(doc, description), actor.userId);
  }
}

async function readableOrNotFound(ctx: ServerContext, actor: ProjectActor, pageId: string) {
  try {
    return await loadReadablePage(ctx.db, actor, pageId);
  } catch (error) {
    // Reference §5.3: the description of a page the caller cannot see is a 404.
    if (error instanceof ForbiddenError) throw new NotFoundError('Page not found');
    throw error;
  }
}
