// The list layout: groups with headers, one row per issue, quick add and "load more" per group.
// Rows are virtualised with fixed heights (40 px headers, 44 px rows) and a small overscan, and
// each row is memoised, so scrolling 10,000 issues only renders the rows that come into view.
import { ChevronDown, ChevronRight, ListTodo } from 'lucide-react';
import { EmptyState } from '../../../ui';
import { memo, useCallback, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { DisplayProperties } from '../../../../shared/display';
import { useT } from '../../../i18n';
import type { Issue } from '../../../stores/issue-store';
import { toggleKanbanGroup } from '../../../stores/issue-filter-store';
import { IssueKey, IssuePropertyStrip, IssueTitle, LoadMore, patchForGroup, QuickAdd, useGroupTitle } from '../../issues/issue-parts';
import { IssueHotkeyProvider, useIssueHotkeyScope } from '../../issues/issue-hotkeys';
import { toggleSelected, useIsSelected } from '../../issues/selection-store';
import { hasMoreInGroup, type LayoutProps } from '../layout-props';
import { isShortcutBlocked } from '../../keyboard/shortcut-guard';
import { focusRow, nextRowIndex, rovingTabStop, rowIndexOf, rowStep, RowChips } from '../row-navigation';

type Row =
  | { type: 'header'; key: string; count: number; total: number; collapsed: boolean }
  | { type: 'issue'; key: string; issue: Issue }
  | { type: 'more'; key: string }
  | { type: 'add'; key: string };

const HEADER_HEIGHT = 40;
const ROW_HEIGHT = 44;
/** Rows rendered beyond each edge of the viewport (a 44 px row: ~1.5 screens of 800 px stay light). */
const OVERSCAN = 4;

export function ListLayout(props: LayoutProps) {
  const { list, settings, paging, slug, source } = props;
  const t = useT();
  const parentRef = useRef<HTMLDivElement>(null);
  const groupBy = settings.displayFilters.group_by;
  const titleOf = useGroupTitle(groupBy);
  const collapsed = settings.kanbanFilters.group_by;
  const withQuickAdd = Boolean(props.canQuickAdd && props.projectId);

  const rows = useMemo(() => {
    const next: Row[] = [];
    for (const group of list.groups) {
      const isCollapsed = collapsed.includes(group.key);
      if (groupBy) next.push({ type: 'header', key: group.key, count: group.issues.length, total: Math.max(group.issues.length, paging.groupTotals[group.key] ?? 0), collapsed: isCollapsed });
      if (isCollapsed) continue;
      for (const issue of group.issues) next.push({ type: 'issue', key: `${group.key}:${issue.id}`, issue });
      if (hasMoreInGroup(paging, group.key, group.issues.length)) next.push({ type: 'more', key: group.key });
      if (withQuickAdd) next.push({ type: 'add', key: group.key });
    }
    return next;
  }, [list.groups, collapsed, groupBy, paging, withQuickAdd]);

  // The row callback stays the same across renders, so memoised rows skip re-rendering on scroll.
  const onOpenRef = useRef(props.onOpen);
  onOpenRef.current = props.onOpen;
  const onOpen = useCallback((issue: Issue) => onOpenRef.current(issue), []);

  // One key function per set of rows: the virtualizer recomputes every row's measurement (10,000
  // on a big project) whenever this function changes, and a new one per render did that each time.
  const getItemKey = useCallback((index: number) => `${rows[index]?.type}:${rows[index]?.key}`, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parentRef.current,
    estimateSize: (index) => (rows[index]?.type === 'header' ? HEADER_HEIGHT : ROW_HEIGHT),
    overscan: OVERSCAN,
    initialRect: { width: 1000, height: 800 },
    getItemKey,
  });

  // One Tab stop for the rows: the row last focused while it is on screen, else the first one shown.
  const [focusedKey, setFocusedKey] = useState<string | null>(null);
  const virtualItems = virtualizer.getVirtualItems();
  const tabStop = rovingTabStop(focusedKey, virtualItems.flatMap((item) => (rows[item.index]?.type === 'issue' ? [rows[item.index]!.key] : [])));
  const handleKeyDown = (event: KeyboardEvent) => {
    const step = rowStep(event.nativeEvent);
    const from = rowIndexOf(event.target);
    if (!step || from === null) return;
    const next = nextRowIndex(rows.length, from, step, (index) => rows[index]?.type === 'issue');
    event.preventDefault();
    if (next !== null) focusRow(parentRef.current, next, (index) => virtualizer.scrollToIndex(index));
  };

  if (list.issues.length === 0 && !props.canQuickAdd) return <EmptyState title={t('list.empty')} body={t('list.emptyBody')} icon={<ListTodo size={22} />} />;

  return (
    <div className="list-layout" ref={parentRef} onKeyDown={handleKeyDown} data-testid="list-layout">
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualItems.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div key={item.key} className="virtual-row" style={{ transform: `translateY(${item.start}px)`, height: item.size }}>
              {row.type === 'header' && (
                <button type="button" className="group-header" aria-expanded={!row.collapsed} onClick={() => toggleKanbanGroup(slug, source, 'group_by', row.key)} data-testid={`group-${row.key}`}>
                  <span aria-hidden="true">{row.collapsed ? <ChevronRight size={14} /> : <ChevronDown size={14} />}</span>
                  {titleOf(row.key).color && <span className="dot" style={{ background: titleOf(row.key).color }} aria-hidden="true" />}
                  <span className="group-title">{titleOf(row.key).title}</span>
                  <span className="group-count">{row.total}</span>
                </button>
              )}
              {row.type === 'issue' && <ListRow issue={row.issue} index={item.index} rowKey={row.key} isTabStop={row.key === tabStop} onFocusRow={setFocusedKey} slug={slug} properties={settings.displayProperties} canEdit={props.canEdit} onOpen={onOpen} />}
              {row.type === 'more' && <LoadMore busy={paging.loadingGroups.includes(row.key)} onClick={() => props.onLoadMore(row.key)} />}
              {row.type === 'add' && props.projectId && <QuickAdd slug={slug} projectId={props.projectId} groupPatch={patchForGroup(groupBy, row.key)} />}
            </div>
          );
        })}
      </div>
    </div>
  );
}

interface ListRowProps {
  issue: Issue;
  /** Its place in the layout's rows (`data-row-index`, for J/K). */
  index: number;
  rowKey: string;
  /** The one row Tab lands on (roving tabindex). */
  isTabStop: boolean;
  onFocusRow: (key: string) => void;
  slug: string;
  properties: DisplayProperties;
  canEdit: boolean;
  onOpen: (issue: Issue) => void;
}

/**
 * One issue row; re-renders only when its issue, its selection, its Tab stop or the display
 * properties change. Focusable: Enter opens the issue, X selects it, S/P/A/L/D open a property
 * picker (issue-hotkeys.tsx); J/K and the arrows are the layout's.
 */
const ListRow = memo(function ListRow({ issue, index, rowKey, isTabStop, onFocusRow, slug, properties, canEdit, onOpen }: ListRowProps) {
  const t = useT();
  const selected = useIsSelected(issue.id);
  const hotkeys = useIssueHotkeyScope<HTMLDivElement>(canEdit && !issue.is_local_update, issue.id);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(issue);
    else if (event.key === 'x' && canEdit && !isShortcutBlocked(event.nativeEvent)) toggleSelected(issue.id);
    else hotkeys.onKeyDown(event);
  };
  return (
    <IssueHotkeyProvider value={hotkeys.scope}>
      <div ref={hotkeys.ref} tabIndex={isTabStop ? 0 : -1} onFocus={() => onFocusRow(rowKey)} data-row-index={index} aria-label={issue.name} className={`issue-row${selected ? ' issue-row-selected' : ''}${issue.is_local_update ? ' issue-row-pending' : ''}`} onClick={() => onOpen(issue)} onKeyDown={handleKeyDown} data-testid="issue-row" data-issue-id={issue.id}>
        {canEdit && (
          <input type="checkbox" className="row-check" tabIndex={-1} checked={selected} aria-label={t('list.select')} onClick={(event) => event.stopPropagation()} onChange={() => toggleSelected(issue.id)} />
        )}
        {properties.key && <IssueKey issue={issue} />}
        <IssueTitle issue={issue} />
        <RowChips>
          <IssuePropertyStrip unsetOnHover slug={slug} issue={issue} properties={properties} canEdit={canEdit} />
        </RowChips>
      </div>
    </IssueHotkeyProvider>
  );
});
