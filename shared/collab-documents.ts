// Names of the live documents on /collab. A page's document is named by the page id (the original
// scheme, kept); an issue description's by `issue.<issue id>`, so the two kinds never collide and
// the collab server can tell from the name which rules and storage apply.
import { isUuid } from './schemas/common';

const ISSUE_PREFIX = 'issue.';

/** The /collab document name of an issue's description. */
export function issueDocumentName(issueId: string): string {
  return `${ISSUE_PREFIX}${issueId}`;
}

/** The issue id of an issue description document name, or null for any other name. */
export function issueIdOfDocument(documentName: string): string | null {
  if (!documentName.startsWith(ISSUE_PREFIX)) return null;
  const id = documentName.slice(ISSUE_PREFIX.length);
  return isUuid(id) ? id : null;
}

/** Postgres channel naming an issue document whose stored state changed outside the editors (REST). */
export const ISSUE_DOC_UPDATE_CHANNEL = 'trellis_collab_issue_update';
