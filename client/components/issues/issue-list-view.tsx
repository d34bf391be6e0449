// An issue list screen body: toolbar (layout, display, filters), bulk bar, the chosen layout,
// and the peek overlay for `peekId`. Used by project, archived, draft, global and profile lists.
import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import type { Layout } from '../../../shared/display';
import { useT } from '../../i18n';
import type { Issue } from '../../stores/issue-store';
import { getListSettings, useListSettings } from '../../stores/issue-filter-store';
import { fetchIssueList, loadMoreInGroup, useListPaging } from '../../stores/issue-list-store';
import { useWorkspace } from '../../stores/workspace-store';
import { useProject } from '../../stores/project-store';
import { SkeletonRows } from '../../ui';
import { ErrorNotice } from '../error-boundary';
import { useStableByContent } from '../use-stable-by-content';
import type { LayoutProps } from '../layouts/layout-props';
import { ListLayout } from '../layouts/list/list-layout';
import { loadLayoutChunk } from '../layouts/layout-chunks';
import { BulkBar } from './bulk-bar';
import { DisplayMenu, FilterMenu, LayoutSwitcher } from './display-menu';
import { IssuePeek } from './issue-peek';
import type { ListSource } from '../../stores/list-model';
import { clearSelection } from './selection-store';
import { useGroupedIssues, useIssueListLoader } from './use-issue-list';
import { can, memberContext } from '../../../shared/permission-table';

// The list layout is the first screen and ships in the initial bundle; the others load when a
// list first shows them (or earlier, from the route: layout-chunks.ts).
const KanbanLayout = lazy(() => loadLayoutChunk('kanban'));
const CalendarLayout = lazy(() => loadLayoutChunk('calendar'));
const SpreadsheetLayout = lazy(() => loadLayoutChunk('spreadsheet'));
const GanttLayout = lazy(() => loadLayoutChunk('gantt_chart'));

const LAYOUTS: Record<Layout, ComponentType<LayoutProps>> = {
  list: ListLayout,
  kanban: KanbanLayout,
  calendar: CalendarLayout,
  spreadsheet: SpreadsheetLayout,
  gantt_chart: GanttLayout,
};

export function IssueListView({ slug, source, peekId, onPeek, actions, filtersLocked = false }: {
  slug: string;
  source: ListSource;
  peekId?: string;
  onPeek: (issueId: string | null) => void;
  actions?: ReactNode;
  /** The filters cannot be changed here (a locked saved view). */
  filtersLocked?: boolean;
}) {
  const t = useT();
  useIssueListLoader(slug, source);
  const settings = useListSettings(source);
  const paging = useListPaging(source);
  const list = useGroupedIssues(slug, source);
  const projectId = 'projectId' in source ? source.projectId : undefined;
  const project = useProject(projectId);
  // A different list starts with nothing selected.
  const listSource = useStableByContent(source);
  useEffect(() => clearSelection, [listSource]);

  const isProfile = source.kind === 'profile';
  // A workspace-wide list (views, profiles) mixes projects: a workspace guest edits in none of them
  // (a project role never exceeds the workspace role); the bulk bar checks each selected project.
  const workspaceRole = useWorkspace(slug)?.role;
  const canEdit = projectId ? can('project.edit', memberContext(null, project?.member_role)) : can('project.edit', memberContext(workspaceRole, workspaceRole));
  const canQuickAdd = canEdit && !isProfile && (source.kind === 'project' || source.kind === 'draft');
  const Layout = LAYOUTS[settings.displayFilters.layout] ?? ListLayout;
  const layoutProps: LayoutProps = {
    slug,
    source,
    list,
    settings,
    paging,
    canEdit: canEdit && source.kind !== 'archived',
    canQuickAdd,
    projectId,
    onOpen: (issue: Issue) => onPeek(issue.id),
    onLoadMore: (groupKey) => void loadMoreInGroup(slug, source, settings, groupKey),
  };

  return (
    <div className="issue-list-view" data-layout={settings.displayFilters.layout}>
      <div className="list-toolbar">
        <LayoutSwitcher slug={slug} source={source} />
        <FilterMenu slug={slug} source={source} locked={filtersLocked} />
        <span className="toolbar-spacer" />
        <span className="muted" data-testid="issue-count">{t('list.count', { count: list.issues.length })}</span>
        <DisplayMenu slug={slug} source={source} />
        {actions}
      </div>
      <BulkBar slug={slug} projectId={projectId} />
      {/* The layout stays mounted while loading, so an open quick add or menu is not lost. */}
      {paging.status === 'loading' && list.issues.length === 0 && <SkeletonRows />}
      {/* A failed first load is this screen's error with a Retry, not an empty list that says "no issues". */}
      {paging.status === 'error' && list.issues.length === 0 ? (
        <ErrorNotice error={paging.error} onRetry={() => void fetchIssueList(slug, source, getListSettings(source))} />
      ) : (
        <Suspense fallback={<SkeletonRows />}>
          <Layout {...layoutProps} />
        </Suspense>
      )}
      {/* A project list names its project, so a peeked issue the list does not hold (archived, filtered out) still loads. */}
      {peekId && <IssuePeek slug={slug} issueId={peekId} projectId={projectId} onClose={() => onPeek(null)} />}
    </div>
  );
}
