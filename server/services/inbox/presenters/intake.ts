// Intake rows → wire (reference §9 IntakeIssue / IntakeIssueDetail).
import type { IntakeIssue } from '../../../../db/schema/index';
import { isoDateTime } from '../../../presenters/dates';
import type { IssueListRow } from '../../work-items/presenters/issue';

/** The lite issue of an intake list row and of `duplicate_issue_detail`. */
function presentIntakeIssueLite(row: IssueListRow) {
  return {
    id: row.id,
    name: row.name,
    priority: row.priority,
    sequence_id: row.sequenceId,
    project_id: row.projectId,
    created_at: isoDateTime(row.createdAt),
    label_ids: row.labelIds,
    created_by: row.createdBy,
  };
}

function intakeFields(intake: IntakeIssue) {
  return {
    id: intake.id,
    status: intake.status,
    duplicate_to: intake.duplicateToId,
    snoozed_till: isoDateTime(intake.snoozedTill),
    source: intake.source,
    created_by: intake.createdBy,
    version: intake.version,
  };
}

/** IntakeIssue (list row). */
export function presentIntakeIssue(intake: IntakeIssue, issue: IssueListRow) {
  return { ...intakeFields(intake), issue: presentIntakeIssueLite(issue) };
}

/** IntakeIssueDetail: the intake fields, the full issue and the duplicate's lite form. */
export function presentIntakeIssueDetail<D>(intake: IntakeIssue, issueDetail: D, duplicate: IssueListRow | null) {
  return { ...intakeFields(intake), duplicate_issue_detail: duplicate ? presentIntakeIssueLite(duplicate) : null, issue: issueDetail };
}
