// Module links (reference §3: "same normalization as issue links"; spec §5: link filtering strips
// non-alphanumeric characters): list (optionally searched), create, update, delete.
import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { moduleLinks, type Module, type ModuleLink } from '../../../db/schema/index';
import type { CreateModuleLinkBody, UpdateModuleLinkBody } from '../../../shared/schemas/module';
import type { ServerContext } from '../../context';
import type { ProjectActor } from '../../actor';
import { BadRequestError, NotFoundError } from '../../errors';
import { deletion, recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import { presentModuleLink } from './presenters/module';
import { normalizeLinkUrl } from '../work-items/issue-link';
import { findModule, listModuleLinkRows } from './module-read';
import { touchModule } from './module';

/** Lower-cased letters and digits only (spec §5): "GitHub PR #12" and "github-pr-12" match. */
export function linkFilterKey(text: string): string {
  return text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

/** True when the link's title or URL contains the search text, compared by `linkFilterKey`. */
export function linkMatches(link: Pick<ModuleLink, 'title' | 'url'>, search: string): boolean {
  const key = linkFilterKey(search);
  if (!key) return true;
  return linkFilterKey(link.title ?? '').includes(key) || linkFilterKey(link.url).includes(key);
}

const comparable = (url: string) => new URL(url).href;

async function assertUniqueUrl(tx: Db, moduleId: string, url: string, exceptId?: string) {
  const target = comparable(url);
  if ((await listModuleLinkRows(tx, moduleId)).some((link) => link.id !== exceptId && comparable(link.url) === target)) {
    throw new BadRequestError('URL already exists.');
  }
}

function writable(module: Module): Module {
  if (module.archivedAt) throw new BadRequestError('Archived module cannot be updated');
  return module;
}

function recordLink(tx: Db, row: ModuleLink, op: 'create' | 'update' | 'delete') {
  recordChange(tx, {
    workspaceId: row.workspaceId,
    projectId: row.projectId,
    entity: 'module_link',
    entityId: row.id,
    op,
    version: row.version,
    data: op === 'delete' ? deletion(row.id) : presentModuleLink(row),
  });
}

async function loadLink(db: Db, moduleId: string, linkId: string): Promise<ModuleLink> {
  const [row] = await db.select().from(moduleLinks).where(and(eq(moduleLinks.id, linkId), eq(moduleLinks.moduleId, moduleId), isNull(moduleLinks.deletedAt)));
  if (!row) throw new NotFoundError();
  return row;
}

/** A module's links, newest first, filtered by `search` when given. */
export async function listModuleLinks(ctx: ServerContext, actor: ProjectActor, moduleId: string, search?: string) {
  const module = await findModule(ctx.db, actor.project.id, moduleId);
  const rows = await listModuleLinkRows(ctx.db, module.id);
  return (search ? rows.filter((row) => linkMatches(row, search)) : rows).map(presentModuleLink);
}

/** One link. @throws NotFoundError */
export async function getModuleLink(ctx: ServerContext, actor: ProjectActor, moduleId: string, linkId: string) {
  const module = await findModule(ctx.db, actor.project.id, moduleId);
  return presentModuleLink(await loadLink(ctx.db, module.id, linkId));
}

/** Adds a link. @throws BadRequestError for a bad or duplicate URL, or an archived module. */
export async function createModuleLink(ctx: ServerContext, actor: ProjectActor, moduleId: string, body: CreateModuleLinkBody, options: WriteOptions) {
  const module = writable(await findModule(ctx.db, actor.project.id, moduleId));
  const url = normalizeLinkUrl(body.url);
  return withTransaction(ctx, options, async (tx) => {
    await assertUniqueUrl(tx, module.id, url);
    const [row] = await tx
      .insert(moduleLinks)
      .values({ moduleId: module.id, projectId: module.projectId, workspaceId: module.workspaceId, url, title: body.title ?? null, metadata: body.metadata ?? {}, createdBy: actor.userId, updatedBy: actor.userId })
      .returning();
    recordLink(tx, row, 'create');
    await touchModule(tx, module.id, actor.userId);
    return presentModuleLink(row);
  });
}

/** Edits a link. @throws NotFoundError; BadRequestError as for create. */
export async function updateModuleLink(ctx: ServerContext, actor: ProjectActor, moduleId: string, linkId: string, body: UpdateModuleLinkBody, options: WriteOptions) {
  const module = writable(await findModule(ctx.db, actor.project.id, moduleId));
  const url = body.url !== undefined ? normalizeLinkUrl(body.url) : undefined;
  return withTransaction(ctx, options, async (tx) => {
    const link = await loadLink(tx, module.id, linkId);
    if (url !== undefined) await assertUniqueUrl(tx, module.id, url, link.id);
    const [row] = await tx
      .update(moduleLinks)
      .set({ url, title: body.title, metadata: body.metadata, version: link.version + 1, updatedAt: new Date(), updatedBy: actor.userId })
      .where(eq(moduleLinks.id, link.id))
      .returning();
    recordLink(tx, row, 'update');
    await touchModule(tx, module.id, actor.userId);
    return presentModuleLink(row);
  });
}

/** Soft-deletes a link. @throws NotFoundError */
export async function deleteModuleLink(ctx: ServerContext, actor: ProjectActor, moduleId: string, linkId: string, options: WriteOptions): Promise<void> {
  const module = writable(await findModule(ctx.db, actor.project.id, moduleId));
  await withTransaction(ctx, options, async (tx) => {
    const link = await loadLink(tx, module.id, linkId);
    const [row] = await tx.update(moduleLinks).set({ deletedAt: new Date(), version: link.version + 1, updatedBy: actor.userId }).where(eq(moduleLinks.id, link.id)).returning();
    recordLink(tx, row, 'delete');
    await touchModule(tx, module.id, actor.userId);
  });
}
