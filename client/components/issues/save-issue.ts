// What every property chip shares: its props, and how it sends a change.
import { updateIssue, type Issue, type IssuePatch } from '../../stores/issue-store';

/** Sends a property change; the failure is already toasted and rolled back by the store. */
export function saveIssue(slug: string, issueId: string, patch: IssuePatch): void {
  void updateIssue(slug, issueId, patch).catch(() => undefined);
}

export interface ChipProps {
  slug: string;
  issue: Issue;
  disabled?: boolean;
}
