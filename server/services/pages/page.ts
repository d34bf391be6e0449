// Page metadata writes (reference §5.3): create, update, delete, duplicate, and the rename that a
// title edit in the collaborative editor causes. Each runs in one transaction with its change events.
import * as Y from 'yjs';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { favorites, labels, pageLabels, pageProjects, pages, type Page } from '../../../db/schema/index';
import type { CreatePageBody, UpdatePageBody } from '../../../shared/schemas/page';
import { canDeletePage, canDuplicatePage, PageAccess } from '../../../shared/policies/page';
import { Role, hasRole } from '../../../shared/roles';
import { CollabCloseCode } from '../../../shared/collab-close-codes';
import type { ServerContext } from '../../context';
import type { ProjectActor } from '../../actor';
import { BadRequestError, ForbiddenError, ValidationError } from '../../errors';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import { authorizePage, loadReadablePage } from './policies/page';
import type { PageView } from './presenters/page';
import { sanitizeRichHtml } from '../work-items/html';
import { buildInitialState, deriveContent, docFromUpdates, htmlToJson, replaceBody, writeTitle } from '../../../shared/document-content';
import { recordFavoriteChange, recordPageChange, updatePageRow } from './page-change';
import { changePageDocument, currentPageState, disconnectPageEditors } from './page-collab';
import { findProjectPage, toPageViews } from './page-read';
import { decodeDescriptionBinary } from './page-description';

/** Creates a page owned by the caller in the actor's project. */
export async function createPage(ctx: ServerContext, actor: ProjectActor, body: CreatePageBody, options: WriteOptions): Promise<PageView> {
  const project = actor.project;
  const name = body.name ?? '';
  const content = await initialContent(body, name);
  return withTransaction(ctx, options, async (tx) => {
    const parentId = await checkParent(tx, project.id, body.parent ?? null, null);
    const labelIds = await checkLabels(tx, project.id, body.labels);
    const [page] = await tx
      .insert(pages)
      .values({
        workspaceId: project.workspaceId,
        name,
        access: body.access ?? PageAccess.PUBLIC,
        color: body.color ?? '',
        parentId,
        viewProps: body.view_props ?? { full_width: false },
        logoProps: body.logo_props ?? {},
        ownedById: actor.userId,
        createdBy: actor.userId,
        updatedBy: actor.userId,
        ...content,
      })
      .returning();
    await tx.insert(pageProjects).values({ pageId: page.id, projectId: project.id, workspaceId: project.workspaceId, createdBy: actor.userId });
    if (labelIds?.length) await insertLabels(tx, page, labelIds, actor.userId);
    await recordPageChange(tx, page, project.id, 'create');
    const [view] = await toPageViews(tx, [page], actor.userId);
    return view;
  });
}

async function initialContent(body: CreatePageBody, name: string) {
  const binary = body.description_binary ? decodeDescriptionBinary(body.description_binary) : null;
  const state = binary ?? (await buildInitialState(await sanitizeRichHtml(body.description_html ?? '<p></p>'), name));
  const doc = docFromUpdates([state]);
  writeTitle(doc, name);
  const derived = await deriveContent(doc);
  const descriptionBinary = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return {
    descriptionBinary,
    descriptionHtml: derived.html,
    descriptionStripped: derived.stripped,
    descriptionJson: derived.json as Record<string, unknown>,
  };
}

/**
 * Updates page fields (reference §5.3 PATCH).
 * @throws BadRequestError when the page is locked or archived, or a non-owner changes access;
 * ForbiddenError when the caller may not edit it.
 */
export async function updatePage(ctx: ServerContext, actor: ProjectActor, pageId: string, body: UpdatePageBody, options: WriteOptions): Promise<PageView> {
  const project = actor.project;
  const current = await loadReadablePage(ctx.db, actor, pageId);
  if (current.isLocked) throw new BadRequestError('Page is locked');
  if (current.archivedAt) throw new BadRequestError('Page is archived');
  const isOwner = current.ownedById === actor.userId;
  if (body.access !== undefined && body.access !== current.access && !isOwner) {
    throw new BadRequestError('Access cannot be updated since this page is owned by someone else');
  }
  if (!isOwner && !hasRole(actor.projectRole, Role.MEMBER)) throw new ForbiddenError();
  const page = await withTransaction(ctx, options, async (tx) => {
    const values: Partial<Page> = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.access !== undefined) values.access = body.access;
    if (body.color !== undefined) values.color = body.color;
    if (body.view_props !== undefined) values.viewProps = body.view_props;
    if (body.logo_props !== undefined) values.logoProps = body.logo_props;
    if (body.parent !== undefined) values.parentId = await checkParent(tx, project.id, body.parent, current.id);
    const labelIds = await checkLabels(tx, project.id, body.labels);
    if (labelIds) await replaceLabels(tx, current, labelIds, actor.userId);
    const row = await updatePageRow(tx, current.id, actor.userId, values);
    await recordPageChange(tx, row, project.id, 'update', { wasPublic: current.access === PageAccess.PUBLIC });
    return row;
  });
  if (body.name !== undefined && body.name !== current.name) await changePageDocument(ctx, page.id, (doc) => writeTitle(doc, page.name), actor.userId);
  if (body.description_html !== undefined) {
    const description = await htmlToJson(await sanitizeRichHtml(body.description_html));
    await changePageDocument(ctx, page.id, (doc) => replaceBody(doc, description), actor.userId);
  }
  if (page.access !== current.access) disconnectPageEditors(ctx, [page.id], CollabCloseCode.PERMISSIONS_CHANGED);
  const [view] = await toPageViews(ctx.db, [page], actor.userId);
  return view;
}

/**
 * Deletes an archived page: children move to the top level, favorites go (reference §5.3).
 * @throws ForbiddenError unless owner or project admin; BadRequestError when not archived.
 */
export async function deletePage(ctx: ServerContext, actor: ProjectActor, pageId: string, options: WriteOptions): Promise<void> {
  const project = actor.project;
  const current = await loadReadablePage(ctx.db, actor, pageId);
  authorizePage(actor, current, canDeletePage, new ForbiddenError('Only admin or owner can delete the page'));
  if (!current.archivedAt) throw new BadRequestError('The page should be archived before deleting');
  await withTransaction(ctx, options, async (tx) => {
    const children = await tx.select({ id: pages.id }).from(pages).where(and(eq(pages.parentId, current.id), isNull(pages.deletedAt)));
    for (const child of children) await recordPageChange(tx, await updatePageRow(tx, child.id, actor.userId, { parentId: null }), project.id, 'update');
    await removePageFavorites(tx, [current.id], current.name);
    const [row] = await tx.update(pages).set({ deletedAt: new Date(), version: current.version + 1 }).where(eq(pages.id, current.id)).returning();
    await recordPageChange(tx, row, project.id, 'delete');
  });
  disconnectPageEditors(ctx, [current.id], CollabCloseCode.PAGE_DELETED);
}

/**
 * Copies a page: " (Copy)" is appended, the caller owns the copy, content and labels come along.
 * @throws ForbiddenError when the caller may not duplicate it.
 */
export async function duplicatePage(ctx: ServerContext, actor: ProjectActor, pageId: string, options: WriteOptions): Promise<PageView> {
  const source = await loadReadablePage(ctx.db, actor, pageId);
  authorizePage(actor, source, canDuplicatePage);
  const [sourceView] = await toPageViews(ctx.db, [source], null);
  const state = await currentPageState(ctx, source.id);
  return createPage(
    ctx,
    actor,
    {
      name: `${source.name} (Copy)`.slice(0, 255),
      access: source.access as PageAccess,
      color: source.color,
      parent: source.parentId,
      labels: sourceView.labelIds,
      view_props: source.viewProps as Record<string, unknown>,
      logo_props: source.logoProps as Record<string, unknown>,
      description_binary: state ? Buffer.from(state).toString('base64') : null,
    },
    options,
  );
}

/** Renames a page after its title was edited in the collaborative editor (no-op when unchanged). */
export async function renamePageFromTitle(ctx: ServerContext, pageId: string, name: string, actorId: string | null): Promise<void> {
  const [current] = await ctx.db.select().from(pages).where(and(eq(pages.id, pageId), isNull(pages.deletedAt)));
  if (!current || current.name === name || current.isLocked || current.archivedAt) return;
  const [link] = await ctx.db.select({ projectId: pageProjects.projectId }).from(pageProjects).where(and(eq(pageProjects.pageId, pageId), isNull(pageProjects.deletedAt)));
  await withTransaction(ctx, { actorId }, async (tx) => {
    const row = await updatePageRow(tx, pageId, actorId, { name: name.slice(0, 255) });
    await recordPageChange(tx, row, link?.projectId ?? null, 'update');
  });
}

/** Deletes every favorite of the pages (all users), with their change events. */
export async function removePageFavorites(tx: Db, pageIds: string[], pageName: string): Promise<void> {
  if (pageIds.length === 0) return;
  const removed = await tx.delete(favorites).where(and(eq(favorites.entityType, 'page'), inArray(favorites.entityIdentifier, pageIds))).returning();
  for (const favorite of removed) recordFavoriteChange(tx, favorite, pageName, 'delete');
}

async function checkParent(tx: Db, projectId: string, parentId: string | null, selfId: string | null): Promise<string | null> {
  if (!parentId) return null;
  if (parentId === selfId) throw ValidationError.field('parent', 'A page cannot be its own parent.');
  const parent = await findProjectPage(tx, projectId, parentId);
  if (!parent) throw ValidationError.field('parent', 'Parent must be a page of the same project.');
  return parent.id;
}

async function checkLabels(tx: Db, projectId: string, ids: string[] | undefined): Promise<string[] | undefined> {
  if (!ids) return undefined;
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await tx.select({ id: labels.id }).from(labels).where(and(inArray(labels.id, unique), eq(labels.projectId, projectId), isNull(labels.deletedAt)));
  if (found.length !== unique.length) throw ValidationError.field('labels', 'Labels must belong to the project.');
  return unique;
}

async function insertLabels(tx: Db, page: Page, labelIds: string[], actorId: string) {
  await tx.insert(pageLabels).values(labelIds.map((labelId) => ({ pageId: page.id, labelId, workspaceId: page.workspaceId, createdBy: actorId })));
}

async function replaceLabels(tx: Db, page: Page, labelIds: string[], actorId: string) {
  await tx.delete(pageLabels).where(eq(pageLabels.pageId, page.id));
  if (labelIds.length) await insertLabels(tx, page, labelIds, actorId);
}
