// Project identifiers of a workspace (reference §5): the create form checks a name is free, and an
// identifier left behind by a deleted project can be freed explicitly.
import { and, eq, isNull } from 'drizzle-orm';
import { projectIdentifiers, projects } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import { BadRequestError } from '../../errors';
import type { WorkspaceActor } from '../../actor';

/**
 * `GET /api/workspaces/:slug/project-identifiers/?name=` — identifiers rows with that name.
 * @throws BadRequestError when `name` is missing
 */
export async function findProjectIdentifiers(ctx: ServerContext, actor: WorkspaceActor, name: string | undefined) {
  const wanted = name?.trim().toUpperCase();
  if (!wanted) throw new BadRequestError('Name is required');
  const rows = await ctx.db
    .select()
    .from(projectIdentifiers)
    .where(and(eq(projectIdentifiers.workspaceId, actor.workspace.id), eq(projectIdentifiers.name, wanted)));
  return { exists: rows.length, identifiers: rows.map((row) => ({ id: row.id, name: row.name, project: row.projectId })) };
}

/**
 * `DELETE /api/workspaces/:slug/project-identifiers/` — frees an identifier no live project uses.
 * @throws BadRequestError when missing or when a live project still has it
 */
export async function deleteProjectIdentifier(ctx: ServerContext, actor: WorkspaceActor, name: string | undefined) {
  const wanted = name?.trim().toUpperCase();
  if (!wanted) throw new BadRequestError('Name is required');
  const workspaceId = actor.workspace.id;
  const [inUse] = await ctx.db
    .select({ id: projects.id })
    .from(projects)
    .where(and(eq(projects.workspaceId, workspaceId), eq(projects.identifier, wanted), isNull(projects.deletedAt)));
  if (inUse) throw new BadRequestError('Cannot delete an identifier of an existing project');
  await ctx.db.delete(projectIdentifiers).where(and(eq(projectIdentifiers.workspaceId, workspaceId), eq(projectIdentifiers.name, wanted)));
}
