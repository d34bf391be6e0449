// Turns workspace rows into the Workspace and WorkspaceLite wire objects of reference §13.
import type { User, Workspace } from '../../../../db/schema/index';
import { presentUserLite } from './user';

/** Counts and the caller's role that lists and create annotate a workspace with. */
interface WorkspaceExtras {
  /** Active, non-bot members. */
  totalMembers: number;
  /** The caller's role; present on create and on `/users/me/workspaces/`. */
  role?: number;
}

/** The Workspace object (reference §13) with `total_members` and, when given, `role`. */
export function presentWorkspace(workspace: Workspace, owner: User | null, extras: WorkspaceExtras) {
  return {
    id: workspace.id,
    name: workspace.name,
    logo: workspace.logo,
    logo_asset: null,
    logo_url: workspace.logo,
    owner: owner ? presentUserLite(owner) : workspace.ownerId,
    slug: workspace.slug,
    organization_size: workspace.organizationSize,
    timezone: workspace.timezone,
    background_color: workspace.backgroundColor,
    total_members: extras.totalMembers,
    ...(extras.role !== undefined ? { role: extras.role } : {}),
    created_at: workspace.createdAt.toISOString(),
    updated_at: workspace.updatedAt.toISOString(),
    deleted_at: workspace.deletedAt?.toISOString() ?? null,
    created_by: workspace.createdBy,
    updated_by: workspace.updatedBy,
  };
}

/** WorkspaceLite: `{id, name, slug, logo_url}`. */
export function presentWorkspaceLite(workspace: Pick<Workspace, 'id' | 'name' | 'slug' | 'logo'>) {
  return { id: workspace.id, name: workspace.name, slug: workspace.slug, logo_url: workspace.logo };
}
