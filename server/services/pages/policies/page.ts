// Page row rules that need the database: loads a page of the caller's project and checks it against
// the pure rules of shared/policies/page.ts, so REST and collab refuse the same things.
import type { Db } from '../../../../db/client';
import type { Page } from '../../../../db/schema/index';
import { canReadPage, pagePolicyRow, type Actor as PolicyActor, type PageRow } from '../../../../shared/policies/page';
import type { ProjectActor } from '../../../actor';
import { ForbiddenError, NotFoundError } from '../../../errors';
import { findProjectPage } from '../page-read';

/** The rule view of a request actor. */
export function pagePolicyActor(actor: ProjectActor): PolicyActor {
  return { userId: actor.userId, projectRole: actor.projectRole, workspaceRole: actor.workspaceRole };
}

/**
 * Loads a page of the actor's project that the actor may read.
 * @throws NotFoundError when it does not exist there; ForbiddenError when the actor may not see it.
 */
export async function loadReadablePage(db: Db, actor: ProjectActor, pageId: string): Promise<Page> {
  const page = await findProjectPage(db, actor.project.id, pageId);
  if (!page) throw new NotFoundError('Page not found');
  if (!canReadPage(pagePolicyActor(actor), pagePolicyRow(page), { guest_view_all_features: actor.project.guestViewAllFeatures })) {
    throw new ForbiddenError();
  }
  return page;
}

/**
 * Throws unless `rule` allows the action.
 * @throws the given error (ForbiddenError by default).
 */
export function authorizePage(
  actor: ProjectActor,
  page: Page,
  rule: (actor: PolicyActor, page: PageRow) => boolean,
  error: Error = new ForbiddenError(),
): void {
  if (!rule(pagePolicyActor(actor), pagePolicyRow(page))) throw error;
}
