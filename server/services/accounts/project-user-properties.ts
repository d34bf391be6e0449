// The caller's per-project settings (reference §5.2): project sort order in the sidebar and the saved
// filters of the project issue list. Get-or-create; a PATCH stores exactly what is sent.
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { projectMembers, projectUserProperties, type ProjectUserProperty } from '../../../db/schema/index';
import type { ProjectUserPropertiesBody } from '../../../shared/schemas/project';
import type { ServerContext } from '../../context';
import { withTransaction, type WriteOptions } from '../../live/record-change';
import type { ProjectActor } from '../../actor';
import { presentProjectUserProperties } from './presenters/user-properties';

/** The caller's row for the actor's project, created on first use (sort order from the membership). */
async function ensureProjectUserProperties(db: Db, actor: ProjectActor): Promise<ProjectUserProperty> {
  const project = actor.project;
  const where = and(eq(projectUserProperties.projectId, project.id), eq(projectUserProperties.userId, actor.userId));
  const [existing] = await db.select().from(projectUserProperties).where(where);
  if (existing) return existing;
  const [membership] = await db
    .select({ sortOrder: projectMembers.sortOrder })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, project.id), eq(projectMembers.memberId, actor.userId)));
  await db
    .insert(projectUserProperties)
    .values({ projectId: project.id, workspaceId: project.workspaceId, userId: actor.userId, sortOrder: membership?.sortOrder ?? 65535, createdBy: actor.userId })
    .onConflictDoNothing();
  const [row] = await db.select().from(projectUserProperties).where(where);
  return row;
}

/** `GET …/projects/:projectId/user-properties/`. */
export async function getProjectUserProperties(ctx: ServerContext, actor: ProjectActor) {
  return presentProjectUserProperties(await ensureProjectUserProperties(ctx.db, actor));
}

/**
 * `PATCH …/projects/:projectId/user-properties/` — stores the sent keys (sort_order, filters,
 * display_filters, display_properties, rich_filters, preferences) as they are.
 */
export async function updateProjectUserProperties(ctx: ServerContext, actor: ProjectActor, patch: ProjectUserPropertiesBody, options?: WriteOptions) {
  return withTransaction(ctx, options ?? { actorId: actor.userId }, async (tx) => {
    const current = await ensureProjectUserProperties(tx, actor);
    const [row] = await tx
      .update(projectUserProperties)
      .set({
        sortOrder: patch.sort_order,
        filters: patch.filters,
        displayFilters: patch.display_filters,
        displayProperties: patch.display_properties,
        richFilters: patch.rich_filters,
        preferences: patch.preferences,
        updatedBy: actor.userId,
        updatedAt: sql`now()`,
      })
      .where(eq(projectUserProperties.id, current.id))
      .returning();
    return presentProjectUserProperties(row);
  });
}
