// What every property chip shares: its props, and how it sends a change.
import { updateIssue, type Issue, type IssuePatch } from '../../stores/issue-store';
import { toastOnFailure } from '../../stores/toast-store';

/** Sends a property change; the store rolls a refused change back, and the toast says why (once). */
export function saveIssue(slug: string, issueId: string, patch: IssuePatch): void {
  toastOnFailure(updateIssue(slug, issueId, patch));
}

export interface ChipProps {
  slug: string;
  issue: Issue;
  disabled?: boolean;
}
