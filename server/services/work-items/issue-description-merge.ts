// A description set over REST (a PATCH of description_html) reaches the issue's live document here.
// Apart from issue-description-doc.ts, whose compaction is an issue update (it calls issue.ts), so
// the issue writer can call this one without the two importing each other.
import * as Y from 'yjs';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { deleteIssueDescriptionUpdates, loggedIssueDescriptionUpdates } from '../../../db/issue-description-state';
import { issues } from '../../../db/schema/index';
import { ISSUE_DOC_UPDATE_CHANNEL, issueDocumentName } from '../../../shared/collab-documents';
import { docFromUpdates, htmlToJson, replaceBody } from '../../../shared/document-content';

/**
 * A description set over REST: merged into the stored document (with its logged updates, so the
 * diff replaces the text editors last saved) as a minimal diff (nothing when no document was ever
 * opened: the next open starts from the html), and open editors are told at commit (NOTIFY is
 * transactional) to merge it.
 */
export async function mergeHtmlIntoIssueState(tx: Db, issueId: string, html: string): Promise<void> {
  const [row] = await tx.select({ binary: issues.descriptionBinary }).from(issues).where(eq(issues.id, issueId)).for('update');
  if (!row?.binary) return;
  const logged = await loggedIssueDescriptionUpdates(tx, issueId);
  const body = await htmlToJson(html);
  const doc = docFromUpdates([row.binary, ...logged.map((entry) => entry.update)]);
  replaceBody(doc, body);
  const state = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  await tx.update(issues).set({ descriptionBinary: state }).where(eq(issues.id, issueId));
  await deleteIssueDescriptionUpdates(tx, logged.map((entry) => entry.id));
  await tx.execute(sql`select pg_notify(${ISSUE_DOC_UPDATE_CHANNEL}, ${issueDocumentName(issueId)})`);
}
