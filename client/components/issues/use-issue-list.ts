// The hook every layout reads: the list's issues filtered, sorted and grouped from the store, so
// optimistic edits and live changes re-render the right rows without a fetch.
import { useEffect, useMemo } from 'react';
import type { StateGroup } from '../../../shared/issue-constants';
import type { GroupBy } from '../../../shared/display';
import { useAssignableUsers } from '../../stores/member-store';
import { useIssues, type Issue } from '../../stores/issue-store';
import { loadListSettings, useListSettings } from '../../stores/issue-filter-store';
import { fetchIssueList, useListPaging } from '../../stores/issue-list-store';
import { useProjectLabels } from '../../stores/label-store';
import { useJoinedProjects } from '../../stores/project-store';
import { useProjectStates, useStateMap } from '../../stores/state-store';
import { fixedCandidates, groupIssues, issueComparator, matchesFilters, matchesSource, NONE_GROUP, type IssueGroup, type ListSource } from './list-model';

export interface GroupedList {
  groups: (IssueGroup & { subGroups?: IssueGroup[] })[];
  issues: Issue[];
  stateGroupOf: (issue: Issue) => StateGroup | null;
}

/** Loads the list's settings once, then its issues whenever the rules ask for a fetch. */
export function useIssueListLoader(slug: string, source: ListSource): void {
  const settings = useListSettings(source);
  const key = JSON.stringify(source);
  useEffect(() => {
    if (!settings.loaded) void loadListSettings(slug, source);
  }, [slug, key, settings.loaded]);
  useEffect(() => {
    if (settings.loaded) void fetchIssueList(slug, source, settings);
  }, [slug, key, settings.loaded, settings.fetchToken]);
}

/** The list's issues, filtered, ordered and grouped (with sub-groups when set). */
export function useGroupedIssues(slug: string, source: ListSource): GroupedList {
  const settings = useListSettings(source);
  const paging = useListPaging(source);
  const all = useIssues();
  const stateMap = useStateMap();
  const projectId = 'projectId' in source ? source.projectId : undefined;
  const states = useProjectStates(projectId);
  const labels = useProjectLabels(projectId);
  const users = useAssignableUsers(projectId);
  const projects = useJoinedProjects(slug);

  return useMemo(() => {
    const display = settings.displayFilters;
    const stateGroupOf = (issue: Issue): StateGroup | null => (issue.state_id ? stateMap.get(issue.state_id)?.group : undefined) ?? issue.state__group ?? null;
    const issues = all
      .filter((issue) => matchesSource(issue, source, paging.serverIds) && matchesFilters(issue, settings.filters, display, stateGroupOf))
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
  }, [all, settings, paging.serverIds, stateMap, states, labels, users, projects, JSON.stringify(source)]);
}
