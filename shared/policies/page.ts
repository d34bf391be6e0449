// Pure page rules of spec §5/§6 (owner, access, lock, archive), shared by REST, collab and the client.
import { Role } from '../roles';
import { hasProjectRole, isProjectMember, projectRoleOf, type Actor } from './actor';
import { guestRowAccess, type RowAccess } from './row-access';
import { PageAccess } from '../visibility';

export type { Actor } from './actor';

/** Page visibility: 0 public (the default), 1 private. */
export { PageAccess } from '../visibility';

/** The page fields the rules read, as the API returns them. */
export interface PageRow {
  /** Null once the owner's account is gone: then nobody is the owner. */
  owned_by: string | null;
  access: number;
  is_locked: boolean;
  archived_at: string | null;
}

/** Optional project settings: when `guest_view_all_features` is false, guests see only their own pages. */
export interface PageProject {
  guest_view_all_features: boolean;
}

/**
 * THE row access of pages: how much of a project's pages a person with the (effective) project role
 * `projectRole` sees — a guest only the pages they own, unless the project allows all. Private pages
 * are their owner's alone on top of this (canReadPage).
 */
export function pageAccess(projectRole: number | null | undefined, guestViewAllFeatures: boolean): RowAccess {
  return guestRowAccess(projectRole, guestViewAllFeatures);
}

function isOwner(actor: Actor, page: PageRow): boolean {
  return actor.userId === page.owned_by;
}

/**
 * True when the actor may see the page: a project member who owns it, or who may see a public page.
 * A private page is readable only by its owner. With `project` given, a guest sees only pages they
 * own unless the project lets guests view all features.
 */
export function canReadPage(actor: Actor, page: PageRow, project?: PageProject): boolean {
  if (!isProjectMember(actor)) return false;
  if (isOwner(actor, page)) return true;
  if (page.access !== PageAccess.PUBLIC) return false;
  return !project || pageAccess(projectRoleOf(actor), project.guest_view_all_features) === 'full';
}

/**
 * True when the actor may change the page's content (spec §5): the page is not archived, not locked,
 * and the actor owns it or it is public and the actor is at least a project member.
 */
export function canEditPageContent(actor: Actor, page: PageRow): boolean {
  if (!isProjectMember(actor)) return false;
  if (page.archived_at !== null || page.is_locked) return false;
  if (isOwner(actor, page)) return true;
  return page.access === PageAccess.PUBLIC && hasProjectRole(actor, Role.MEMBER);
}

/** True when the actor may duplicate the page: they can read it and own it or are at least a member. */
export function canDuplicatePage(actor: Actor, page: PageRow): boolean {
  return canReadPage(actor, page) && (isOwner(actor, page) || hasProjectRole(actor, Role.MEMBER));
}

/** True when the actor may lock or unlock the page: the owner only. */
export function canLockPage(actor: Actor, page: PageRow): boolean {
  return isProjectMember(actor) && isOwner(actor, page);
}

/** True when the actor may switch the page between public and private: the owner only. */
export function canChangePageAccess(actor: Actor, page: PageRow): boolean {
  return isProjectMember(actor) && isOwner(actor, page);
}

/** True when the actor may archive or restore the page: the owner or a project admin who can see it. */
export function canArchivePage(actor: Actor, page: PageRow): boolean {
  return canReadPage(actor, page) && (isOwner(actor, page) || hasProjectRole(actor, Role.ADMIN));
}

/** True when the actor may delete the page: the owner or a project admin who can see it. */
export function canDeletePage(actor: Actor, page: PageRow): boolean {
  return canArchivePage(actor, page);
}

/** True when the actor may favorite the page: they can read it and own it or are at least a member. */
export function canFavoritePage(actor: Actor, page: PageRow): boolean {
  return canReadPage(actor, page) && (isOwner(actor, page) || hasProjectRole(actor, Role.MEMBER));
}

/** The columns of a stored page row the rules read (db/ row shape: camelCase, dates as Date). */
interface StoredPageFields {
  ownedById: string | null;
  access: number;
  isLocked: boolean;
  archivedAt: Date | null;
}

/** The rule view of a stored page row: REST (server/services/pages/policies/page.ts) and collab decide on the same fields. */
export function pagePolicyRow(page: StoredPageFields): PageRow {
  return {
    owned_by: page.ownedById ?? '',
    access: page.access,
    is_locked: page.isLocked,
    archived_at: page.archivedAt ? page.archivedAt.toISOString() : null,
  };
}
