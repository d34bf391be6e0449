// The kanban layout: a column per group (and a swimlane per sub-group), cards dragged with
// @dnd-kit/core between groups when the grouping allows it; each column virtualises its cards.
import { memo, useCallback, useRef, useState, type KeyboardEvent } from 'react';
import { DndContext, DragOverlay, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { isKanbanDragAllowed, type DisplayProperties } from '../../../../shared/display';
import { useT } from '../../../i18n';
import type { Issue } from '../../../stores/issue-store';
import { moveIssue } from '../../../stores/issue-move';
import { toggleKanbanGroup } from '../../../stores/issue-filter-store';
import { IssueKey, IssuePropertyStrip, IssueTitle, LoadMore, patchForGroup, QuickAdd, useGroupTitle } from '../../issues/issue-parts';
import { IssueHotkeyProvider, useIssueHotkeyScope } from '../../issues/issue-hotkeys';
import type { IssueGroup } from '../../../stores/list-model';
import { hasMoreInGroup, type LayoutProps } from '../layout-props';
import { columnStep, focusRow, nextRowIndex, rovingTabStop, rowIndexOf, rowStep, RowChips } from '../row-navigation';
import { patchForKanbanDrop, type DropSpot } from './kanban-drop';

/**
 * Columns longer than this are virtualised: about two screens of cards. (At 40, the cached first
 * page of a big project — 200 rows, 40 a column — rendered every card, and the full read a moment
 * later swapped all of them for the virtual rows: the warm 5 × 2,000 board paid for both.)
 */
const VIRTUALIZE_AFTER = 16;

interface DragData {
  issue: Issue;
  group: string;
  sub: string;
}

export function KanbanLayout(props: LayoutProps) {
  const t = useT();
  const { list, settings, slug } = props;
  const display = settings.displayFilters;
  const [dragging, setDragging] = useState<DragData | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const canDrag = props.canEdit && isKanbanDragAllowed(display.group_by, display.sub_group_by);
  const titleOf = useGroupTitle(display.group_by);
  const subTitleOf = useGroupTitle(display.sub_group_by);
  // One callback for every card across renders, so memoised cards skip a board re-render.
  const onOpenRef = useRef(props.onOpen);
  onOpenRef.current = props.onOpen;
  const onOpen = useCallback((issue: Issue) => onOpenRef.current(issue), []);
  const subKeys = display.sub_group_by ? [...new Set(list.groups.flatMap((group) => (group.subGroups ?? []).map((sub) => sub.key)))] : ['all'];

  const cellOf = (group: string, sub: string): Issue[] => {
    const column = list.groups.find((row) => row.key === group);
    if (!column) return [];
    return display.sub_group_by ? (column.subGroups?.find((row) => row.key === sub)?.issues ?? []) : column.issues;
  };

  const handleDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const from = event.active.data.current as DragData | undefined;
    const to = event.over?.data.current as DropSpot | undefined;
    if (!from || !to) return;
    const patch = patchForKanbanDrop(from.issue, from, to, display.group_by, display.sub_group_by, display.order_by, cellOf(to.group, to.sub));
    // A refused move is put back and toasted by the store: nothing is left for the board to do.
    if (patch) void moveIssue(slug, from.issue.id, patch);
  };

  return (
    <DndContext sensors={sensors} onDragStart={(event: DragStartEvent) => setDragging(event.active.data.current as DragData)} onDragEnd={handleDragEnd} onDragCancel={() => setDragging(null)}>
      <div className="kanban" data-testid="kanban-layout">
        {subKeys.map((sub) => (
          <div key={sub} className="kanban-lane">
            {display.sub_group_by && <div className="kanban-lane-title">{subTitleOf(sub).title}</div>}
            <div className="kanban-columns">
              {list.groups.map((group) => (
                <KanbanColumn key={group.key} {...props} onOpen={onOpen} group={group} sub={sub} issues={cellOf(group.key, sub)} title={titleOf(group.key)} canDrag={canDrag} />
              ))}
            </div>
          </div>
        ))}
      </div>
      <DragOverlay>{dragging ? <div className="kanban-card kanban-card-overlay"><IssueTitle issue={dragging.issue} /></div> : null}</DragOverlay>
      {!canDrag && props.canEdit && display.group_by && <p className="muted kanban-hint">{t('kanban.dragNotAllowed')}</p>}
    </DndContext>
  );
}

function KanbanColumn(props: LayoutProps & { group: IssueGroup; sub: string; issues: Issue[]; title: { title: string; color?: string }; canDrag: boolean }) {
  const { group, sub, issues, title, settings, slug, source, paging, canDrag, canEdit, onOpen } = props;
  const properties = settings.displayProperties;
  const hideState = settings.displayFilters.group_by === 'state';
  // One Tab stop per column (roving tabindex): the card last focused while rendered, else the first rendered.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const card = (issue: Issue, index: number) => <KanbanCard key={issue.id} slug={slug} issue={issue} index={index} isTabStop={issue.id === tabStop} onFocusCard={setFocusedId} groupKey={group.key} sub={sub} canDrag={canDrag} canEdit={canEdit} properties={properties} hideState={hideState} onOpen={onOpen} />;
  const collapsed = settings.kanbanFilters.group_by.includes(group.key);
  const { setNodeRef, isOver } = useDroppable({ id: `cell:${group.key}:${sub}`, data: { group: group.key, sub, beforeId: null } satisfies DropSpot });
  const scrollRef = useRef<HTMLDivElement>(null);
  // Short columns render every card; long ones only what is on screen.
  const virtualize = issues.length > VIRTUALIZE_AFTER;
  // The same key function while the column's issues are the same: the virtualizer recomputes its
  // 2,000 measurements whenever this function changes, so a new one per render cost every render.
  const getItemKey = useCallback((index: number) => issues[index]?.id ?? index, [issues]);
  // Two cards beyond the visible ones: every card costs the board's first frame its render and its
  // drag registration, and a card further down is rendered as it scrolls in.
  const virtualizer = useVirtualizer({ enabled: virtualize, count: issues.length, getScrollElement: () => scrollRef.current, estimateSize: () => 92, overscan: 2, initialRect: { width: 280, height: 700 }, getItemKey });
  const virtualItems = virtualize ? virtualizer.getVirtualItems() : [];
  const tabStop = rovingTabStop(focusedId, virtualize ? virtualItems.flatMap((item) => (issues[item.index] ? [issues[item.index]!.id] : [])) : issues.map((issue) => issue.id));
  const handleKeyDown = (event: KeyboardEvent) => {
    const from = rowIndexOf(event.target);
    if (from === null) return;
    const step = rowStep(event.nativeEvent);
    const across = columnStep(event.nativeEvent);
    if (!step && !across) return;
    event.preventDefault();
    if (across) return focusNeighbourColumn(event.currentTarget as HTMLElement, across);
    const next = nextRowIndex(issues.length, from, step as -1 | 1);
    if (next !== null) focusRow(scrollRef.current, next, virtualize ? (index) => virtualizer.scrollToIndex(index) : undefined);
  };

  return (
    <section className={`kanban-column${isOver ? ' kanban-column-over' : ''}${collapsed ? ' kanban-column-collapsed' : ''}`} ref={setNodeRef} data-testid={`kanban-column-${group.key}`} aria-label={title.title}>
      <header className="kanban-column-header">
        <button type="button" className="link-button" onClick={() => toggleKanbanGroup(slug, source, 'group_by', group.key)} aria-expanded={!collapsed}>
          {title.color && <span className="dot" style={{ background: title.color }} aria-hidden="true" />}
          <span className="group-title">{title.title}</span>
        </button>
        <span className="group-count">{Math.max(issues.length, props.settings.displayFilters.sub_group_by ? 0 : paging.groupTotals[group.key] ?? 0)}</span>
      </header>
      {!collapsed && (
        <div className="kanban-cards" ref={scrollRef} onKeyDown={handleKeyDown}>
          {virtualize ? (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualItems.map((item) => {
                const issue = issues[item.index];
                return issue ? (
                  <div key={item.key} className="virtual-row" data-index={item.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${item.start}px)` }}>
                    {card(issue, item.index)}
                  </div>
                ) : null;
              })}
            </div>
          ) : (
            issues.map(card)
          )}
          {!props.settings.displayFilters.sub_group_by && hasMoreInGroup(paging, group.key, issues.length) && (
            <LoadMore busy={paging.loadingGroups.includes(group.key)} onClick={() => props.onLoadMore(group.key)} />
          )}
          {props.canQuickAdd && props.projectId && <QuickAdd slug={slug} projectId={props.projectId} groupPatch={{ ...patchForGroup(settings.displayFilters.group_by, group.key), ...patchForGroup(settings.displayFilters.sub_group_by, sub) }} />}
        </div>
      )}
    </section>
  );
}

/** Focuses the Tab-stop card of the next column with cards (same swimlane) to the left or right. */
function focusNeighbourColumn(cards: HTMLElement, step: -1 | 1): void {
  const columns = [...(cards.closest('.kanban-columns')?.querySelectorAll<HTMLElement>('.kanban-column') ?? [])];
  const from = columns.findIndex((column) => column.contains(cards));
  for (let index = from + step; index >= 0 && index < columns.length; index += step) {
    const target = columns[index]?.querySelector<HTMLElement>('[data-row-index][tabindex="0"]') ?? columns[index]?.querySelector<HTMLElement>('[data-row-index]');
    if (target) return target.focus();
  }
}

interface KanbanCardProps {
  slug: string;
  issue: Issue;
  /** Its place in the column (`data-row-index`, for J/K). */
  index: number;
  /** The column's one Tab stop (roving tabindex). */
  isTabStop: boolean;
  onFocusCard: (id: string) => void;
  groupKey: string;
  sub: string;
  canDrag: boolean;
  canEdit: boolean;
  properties: DisplayProperties;
  /** The state chip is left out when the columns are the states. */
  hideState: boolean;
  onOpen: (issue: Issue) => void;
}

/**
 * A card: only its set properties as chips. One Tab stop per column; Enter opens it, S/P/A/L/D open
 * a picker, J/K and the arrows move between cards (the column's).
 * Memoised on its own props (all stable across a board re-render), so a board re-render — new
 * rows from the cache or the sync, settings read again — renders only the cards that changed.
 */
const KanbanCard = memo(function KanbanCard({ slug, issue, index, isTabStop, onFocusCard, groupKey, sub, canDrag, canEdit, properties, hideState, onOpen }: KanbanCardProps) {
  const drag = useDraggable({ id: `card:${issue.id}:${groupKey}:${sub}`, data: { issue, group: groupKey, sub } satisfies DragData, disabled: !canDrag || issue.is_local_update });
  const drop = useDroppable({ id: `before:${issue.id}:${groupKey}:${sub}`, data: { group: groupKey, sub, beforeId: issue.id } satisfies DropSpot });
  const hotkeys = useIssueHotkeyScope<HTMLElement>(canEdit && !issue.is_local_update, issue.id);
  const setCardRef = (node: HTMLElement | null) => {
    drag.setNodeRef(node);
    hotkeys.ref.current = node;
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) onOpen(issue);
    else hotkeys.onKeyDown(event);
  };
  return (
    <div ref={drop.setNodeRef} className={drop.isOver ? 'kanban-drop-before' : undefined}>
      <IssueHotkeyProvider value={hotkeys.scope}>
        <article
          ref={setCardRef}
          {...drag.listeners}
          {...drag.attributes}
          // After dnd-kit's attributes: the card is a focusable issue, not a "button".
          role="group"
          tabIndex={isTabStop ? 0 : -1}
          data-row-index={index}
          onFocus={() => onFocusCard(issue.id)}
          aria-label={issue.name}
          aria-roledescription={undefined}
          className={`kanban-card${drag.isDragging ? ' kanban-card-dragging' : ''}${issue.is_local_update ? ' issue-row-pending' : ''}`}
          onClick={() => onOpen(issue)}
          onKeyDown={handleKeyDown}
          data-testid="kanban-card"
          data-issue-id={issue.id}
        >
          <RowChips>
            <KanbanCardBody slug={slug} issue={issue} properties={properties} hideState={hideState} canEdit={canEdit} />
          </RowChips>
        </article>
      </IssueHotkeyProvider>
    </div>
  );
});

/**
 * What a card shows. Apart from the card: dnd-kit re-renders every draggable and droppable when
 * one registers (each card's mount, each drag), and the key, title and chips need none of that.
 */
const KanbanCardBody = memo(function KanbanCardBody({ slug, issue, properties, hideState, canEdit }: Pick<KanbanCardProps, 'slug' | 'issue' | 'properties' | 'hideState' | 'canEdit'>) {
  return (
    <>
      {properties.key && <IssueKey issue={issue} />}
      <IssueTitle issue={issue} />
      <IssuePropertyStrip compact slug={slug} issue={issue} properties={hideState && properties.state ? { ...properties, state: false } : properties} canEdit={canEdit} />
    </>
  );
});
