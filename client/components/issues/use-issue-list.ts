// The hook every layout reads: the list's issues filtered, sorted and grouped from the store, so
// optimistic edits and live changes re-render the right rows without a fetch.
import { useMemo } from 'react';
import { useResource } from '../../api/use-resource';
import type { StateGroup } from '../../../shared/issue-constants';
import type { GroupBy } from '../../../shared/display';
import { useAssignableUsers } from '../../stores/member-store';
import { useIssues, type Issue } from '../../stores/issue-store';
import { getListSettings, loadListSettings, useListSettings } from '../../stores/issue-filter-store';
import { useStableByContent } from '../use-stable-by-content';
import { fetchIssueList, useListPaging } from '../../stores/issue-list-store';
import { useProjectLabels } from '../../stores/label-store';
import { useJoinedProjects } from '../../stores/project-store';
import { useProjectStates, useStateMap } from '../../stores/state-store';
import { fixedCandidates, groupIssues, issueComparator, listKey, matchesFilters, matchesSource, NONE_GROUP, type IssueGroup, type ListSource } from '../../stores/list-model';

export interface GroupedList {
  groups: (IssueGroup & { subGroups?: IssueGroup[] })[];
  issues: Issue[];
  stateGroupOf: (issue: Issue) => StateGroup | null;
}

/** Loads the list's settings once, then its issues whenever the rules ask for a fetch. */
export function useIssueListLoader(slug: string, source: ListSource): void {
  const list = useStableByContent(source);
  const { loaded, fetchToken } = useListSettings(list);
  const key = `${slug}|${listKey(list)}`;
  // Never rejects: a failed read of the saved settings falls back to the local copy.
  useResource(loaded ? null : key, () => loadListSettings(slug, list));
  // Only a new fetch token (a filter that changes what the server sends) fetches again; the
  // settings are read when it does. fetchIssueList toasts its own failure.
  useResource(loaded ? `${key}|${fetchToken}` : null, () => fetchIssueList(slug, list, getListSettings(list)));
}

/** The list's issues, filtered, ordered and grouped (with sub-groups when set). */
export function useGroupedIssues(slug: string, source: ListSource): GroupedList {
  const settings = useListSettings(source);
  const paging = useListPaging(source);
  const all = useIssues();
  const stateMap = useStateMap();
  const list = useStableByContent(source);
  const projectId = 'projectId' in list ? list.projectId : undefined;
  const states = useProjectStates(projectId);
  const labels = useProjectLabels(projectId);
  const users = useAssignableUsers(projectId);
  const projects = useJoinedProjects(slug);

  const display = settings.displayFilters;
  const filters = settings.filters;
  // Over the display filters and filters, not the settings object: settings read again from the
  // server unchanged (issue-filter-store keeps their objects) do not regroup 10,000 issues.
  return useMemo(() => {
    const stateGroupOf = (issue: Issue): StateGroup | null => (issue.state_id ? stateMap.get(issue.state_id)?.group : undefined) ?? issue.state__group ?? null;
    const issues = all
      .filter((issue) => matchesSource(issue, list, paging.serverIds) && matchesFilters(issue, filters, display, stateGroupOf))
      .sort(issueComparator(display.order_by));
    const candidatesFor = (groupBy: GroupBy | null): string[] => {
      const fixed = fixedCandidates(groupBy);
      if (fixed) return fixed;
      if (groupBy === 'state' && states.length) return states.map((state) => state.id);
      if (groupBy === 'labels' && projectId) return [...labels.map((label) => label.id), NONE_GROUP];
      if (groupBy === 'assignees' && projectId) return [...users.map((user) => user.id), NONE_GROUP];
      if (groupBy === 'project') return projects.map((project) => project.id);
      if (groupBy === 'cycle' || groupBy === 'module') return [NONE_GROUP];
      return [];
    };
    const groups = groupIssues(issues, display.group_by, candidatesFor(display.group_by), display.show_empty_groups || display.layout === 'kanban', stateGroupOf).map((group) =>
      display.sub_group_by ? { ...group, subGroups: groupIssues(group.issues, display.sub_group_by, candidatesFor(display.sub_group_by), display.show_empty_groups, stateGroupOf) } : group,
    );
    return { groups, issues, stateGroupOf };
  }, [all, display, filters, paging.serverIds, stateMap, states, labels, users, projects, list, projectId]);
}
