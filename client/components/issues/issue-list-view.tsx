// An issue list screen body: toolbar (layout, display, filters), bulk bar, the chosen layout,
// and the peek overlay for `peekId`. Used by project, archived, draft, global and profile lists.
import { useEffect, type ReactNode } from 'react';
import type { Layout } from '../../../shared/display';
import { useT } from '../../i18n';
import type { Issue } from '../../stores/issue-store';
import { useListSettings } from '../../stores/issue-filter-store';
import { loadMoreInGroup, useListPaging } from '../../stores/issue-list-store';
import { useProject } from '../../stores/project-store';
import { SkeletonRows } from '../../ui';
import { useStableByContent } from '../use-stable-by-content';
import { CalendarLayout } from '../layouts/calendar/calendar-layout';
import { GanttLayout } from '../layouts/gantt/gantt-layout';
import { KanbanLayout } from '../layouts/kanban/kanban-layout';
import type { LayoutProps } from '../layouts/layout-props';
import { ListLayout } from '../layouts/list/list-layout';
import { SpreadsheetLayout } from '../layouts/spreadsheet/spreadsheet-layout';
import { BulkBar } from './bulk-bar';
import { DisplayMenu, FilterMenu, LayoutSwitcher } from './display-menu';
import { IssuePeek } from './issue-peek';
import type { ListSource } from './list-model';
import { clearSelection } from './selection-store';
import { useGroupedIssues, useIssueListLoader } from './use-issue-list';
import { can, memberContext } from '../../../shared/permission-table';

const LAYOUTS: Record<Layout, (props: LayoutProps) => ReactNode> = {
  list: ListLayout,
  kanban: KanbanLayout,
  calendar: CalendarLayout,
  spreadsheet: SpreadsheetLayout,
  gantt_chart: GanttLayout,
};

export function IssueListView({ slug, source, peekId, onPeek, actions }: {
  slug: string;
  source: ListSource;
  peekId?: string;
  onPeek: (issueId: string | null) => void;
  actions?: ReactNode;
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
  const canEdit = projectId ? can('project.edit', memberContext(null, project?.member_role)) : true;
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
        <FilterMenu slug={slug} source={source} />
        <span className="toolbar-spacer" />
        <span className="muted" data-testid="issue-count">{t('list.count', { count: list.issues.length })}</span>
        <DisplayMenu slug={slug} source={source} />
        {actions}
      </div>
      <BulkBar slug={slug} projectId={projectId} />
      {/* The layout stays mounted while loading, so an open quick add or menu is not lost. */}
      {paging.status === 'loading' && list.issues.length === 0 && <SkeletonRows />}
      <Layout {...layoutProps} />
      {peekId && <IssuePeek slug={slug} issueId={peekId} onClose={() => onPeek(null)} />}
    </div>
  );
}
