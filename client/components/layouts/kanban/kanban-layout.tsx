// The kanban layout: a column per group (and a swimlane per sub-group), cards dragged with
// @dnd-kit/core between groups when the grouping allows it; each column virtualises its cards.
import { useRef, useState, type KeyboardEvent } from 'react';
import { DndContext, DragOverlay, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragStartEvent } from '@dnd-kit/core';
import { useVirtualizer } from '@tanstack/react-virtual';
import { isKanbanDragAllowed } from '../../../../shared/display';
import { useT } from '../../../i18n';
import type { Issue } from '../../../stores/issue-store';
import { moveIssue } from '../../../stores/issue-move';
import { toggleKanbanGroup } from '../../../stores/issue-filter-store';
import { IssueKey, IssuePropertyStrip, IssueTitle, LoadMore, patchForGroup, QuickAdd, useGroupTitle } from '../../issues/issue-parts';
import { IssueHotkeyProvider, useIssueHotkeyScope } from '../../issues/issue-hotkeys';
import type { IssueGroup } from '../../issues/list-model';
import { hasMoreInGroup, type LayoutProps } from '../layout-props';
import { patchForKanbanDrop, type DropSpot } from './kanban-drop';

/** Columns longer than this are virtualised. */
const VIRTUALIZE_AFTER = 40;

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
                <KanbanColumn key={group.key} {...props} group={group} sub={sub} issues={cellOf(group.key, sub)} title={titleOf(group.key)} canDrag={canDrag} />
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
  const { group, sub, issues, title, settings, slug, source, paging } = props;
  const collapsed = settings.kanbanFilters.group_by.includes(group.key);
  const { setNodeRef, isOver } = useDroppable({ id: `cell:${group.key}:${sub}`, data: { group: group.key, sub, beforeId: null } satisfies DropSpot });
  const scrollRef = useRef<HTMLDivElement>(null);
  // Short columns render every card; long ones only what is on screen.
  const virtualize = issues.length > VIRTUALIZE_AFTER;
  const virtualizer = useVirtualizer({ enabled: virtualize, count: issues.length, getScrollElement: () => scrollRef.current, estimateSize: () => 92, overscan: 6, initialRect: { width: 280, height: 700 }, getItemKey: (index) => issues[index]?.id ?? index });

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
        <div className="kanban-cards" ref={scrollRef}>
          {virtualize ? (
            <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
              {virtualizer.getVirtualItems().map((item) => {
                const issue = issues[item.index];
                return issue ? (
                  <div key={item.key} className="virtual-row" data-index={item.index} ref={virtualizer.measureElement} style={{ transform: `translateY(${item.start}px)` }}>
                    <KanbanCard {...props} issue={issue} />
                  </div>
                ) : null;
              })}
            </div>
          ) : (
            issues.map((issue) => <KanbanCard key={issue.id} {...props} issue={issue} />)
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

/** A card: only its set properties as chips. Focusable: Enter opens it, S/P/A/L/D open a picker. */
function KanbanCard(props: LayoutProps & { issue: Issue; group: IssueGroup; sub: string; canDrag: boolean }) {
  const { issue, group, sub, canDrag, settings, slug } = props;
  const drag = useDraggable({ id: `card:${issue.id}:${group.key}:${sub}`, data: { issue, group: group.key, sub } satisfies DragData, disabled: !canDrag || issue.is_local_update });
  const drop = useDroppable({ id: `before:${issue.id}:${group.key}:${sub}`, data: { group: group.key, sub, beforeId: issue.id } satisfies DropSpot });
  const hotkeys = useIssueHotkeyScope<HTMLElement>(props.canEdit && !issue.is_local_update, issue.id);
  const setCardRef = (node: HTMLElement | null) => {
    drag.setNodeRef(node);
    hotkeys.ref.current = node;
  };
  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && event.target === event.currentTarget && !issue.is_local_update) props.onOpen(issue);
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
          tabIndex={0}
          aria-label={issue.name}
          aria-roledescription={undefined}
          className={`kanban-card${drag.isDragging ? ' kanban-card-dragging' : ''}${issue.is_local_update ? ' issue-row-pending' : ''}`}
          onClick={() => !issue.is_local_update && props.onOpen(issue)}
          onKeyDown={handleKeyDown}
          data-testid="kanban-card"
          data-issue-id={issue.id}
        >
          {settings.displayProperties.key && <IssueKey issue={issue} />}
          <IssueTitle issue={issue} />
          <IssuePropertyStrip compact slug={slug} issue={issue} properties={{ ...settings.displayProperties, state: settings.displayProperties.state && settings.displayFilters.group_by !== 'state' }} canEdit={props.canEdit} />
        </article>
      </IssueHotkeyProvider>
    </div>
  );
}
