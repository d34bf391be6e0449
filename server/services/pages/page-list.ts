// Page lists of reference §5.3: root pages the caller may see (favorites first), archived pages,
// favorites, and the public/private/archived counts.
import { canReadPage, pagePolicyRow } from '../../../shared/policies/page';
import type { ServerContext } from '../../context';
import type { ProjectActor } from '../../actor';
import { pagePolicyActor } from './policies/page';
import type { PageView } from './presenters/page';
import { projectPages, toPageViews, type PageListFilter } from './page-read';
import type { Page } from '../../../db/schema/index';
import { PageAccess } from '../../../shared/visibility';

function visible(actor: ProjectActor, rows: Page[]): Page[] {
  const policyActor = pagePolicyActor(actor);
  const project = { guest_view_all_features: actor.project.guestViewAllFeatures };
  return rows.filter((row) => canReadPage(policyActor, pagePolicyRow(row), project));
}

/** Pages of the actor's project they may see; favorites first, then newest first. */
export async function listPages(ctx: ServerContext, actor: ProjectActor, filter: PageListFilter): Promise<PageView[]> {
  const rows = visible(actor, await projectPages(ctx.db, actor.project.id, filter));
  const views = await toPageViews(ctx.db, rows, actor.userId);
  // Stable sort keeps -created_at inside each group.
  return views.sort((a, b) => Number(b.isFavorite) - Number(a.isFavorite));
}

/** Counts for the page tabs (reference §5.3 pages-summary/). */
export async function summarizePages(ctx: ServerContext, actor: ProjectActor) {
  const rows = visible(actor, await projectPages(ctx.db, actor.project.id, { rootOnly: true }));
  return {
    public_pages: rows.filter((row) => !row.archivedAt && row.access === PageAccess.PUBLIC).length,
    private_pages: rows.filter((row) => !row.archivedAt && row.access === PageAccess.PRIVATE).length,
    archived_pages: rows.filter((row) => row.archivedAt).length,
  };
}
