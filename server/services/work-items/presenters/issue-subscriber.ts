// Wire shapes of issue subscriptions (reference §1.6.6): the subscription row, and the project
// member with its `is_subscribed` flag that `issue-subscribers/` lists.
import type { IssueSubscriber } from '../../../../db/schema/index';
import { isoDateTime, presentStamps } from '../../../presenters/dates';
import type { UserLite } from './issue-activity';

/** An IssueSubscriber row as POST `subscribe/` and POST `issue-subscribers/` return it. */
export function presentIssueSubscriber(row: IssueSubscriber) {
  return {
    id: row.id,
    issue: row.issueId,
    subscriber: row.subscriberId,
    project: row.projectId,
    workspace: row.workspaceId,
    ...presentStamps(row),
    deleted_at: isoDateTime(row.deletedAt),
  };
}

/** One project member in GET `issue-subscribers/`: membership id, the user, and whether they follow the issue. */
export function presentSubscriberMember(membershipId: string, member: UserLite | null, isSubscribed: boolean) {
  return { id: membershipId, member, is_subscribed: isSubscribed };
}
