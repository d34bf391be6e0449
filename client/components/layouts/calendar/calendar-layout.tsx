// The calendar layout: issues on their due date in a month or week grid under weekday headers,
// weeks starting on the locale's first day, today marked; weekends shown unless the display filter
// `calendar.show_weekends` is off, and then a note says how many dated issues that hides.
// Dragging an issue to another day reschedules it (@dnd-kit/core, as the kanban board moves cards).
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState, type ReactNode } from 'react';
import { DndContext, DragOverlay, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { moveIssue } from '../../../stores/issue-move';
import { useLocale, useT } from '../../../i18n';
import { weekLocaleTag } from '../../../i18n/week-start';
import { updateDisplayFilters } from '../../../stores/issue-filter-store';
import type { Issue } from '../../../stores/issue-store';
import { IssueKey, IssueTitle } from '../../issues/issue-parts';
import type { LayoutProps } from '../layout-props';
import { useToday } from '../../use-today';
import { Button, Select } from '../../../ui';
import { calendarWeeks, countWeekendDates, firstDayOfWeek, parseDate, rescheduleToDay, shiftAnchor, weekdayHeaders } from './calendar-dates';

export function CalendarLayout(props: LayoutProps) {
  const t = useT();
  const locale = useLocale();
  const { list, settings, slug, source } = props;
  const calendar = settings.displayFilters.calendar;
  const today = useToday();
  const [anchor, setAnchor] = useState(today);
  const tag = weekLocaleTag(locale);
  const weekStart = firstDayOfWeek(tag);
  const weeks = calendarWeeks(anchor, calendar.layout, calendar.show_weekends, weekStart);
  const headers = weekdayHeaders(weeks[0] ?? [], tag);
  const byDay = useMemo(() => {
    const map = new Map<string, Issue[]>();
    for (const issue of list.issues) {
      if (!issue.target_date) continue;
      const day = map.get(issue.target_date) ?? [];
      day.push(issue);
      map.set(issue.target_date, day);
    }
    return map;
  }, [list.issues]);
  const fullWeeks = calendar.show_weekends ? weeks : calendarWeeks(anchor, calendar.layout, true, weekStart);
  const hiddenOnWeekends = calendar.show_weekends ? 0 : countWeekendDates(list.issues.map((issue) => issue.target_date), fullWeeks[0]![0]!, fullWeeks.at(-1)!.at(-1)!);
  const title = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(parseDate(anchor));
  const setCalendar = (patch: Partial<typeof calendar>) => updateDisplayFilters(slug, source, { calendar: { ...calendar, ...patch } });
  const columns = { gridTemplateColumns: `repeat(${headers.length || 7}, minmax(0, 1fr))` };
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 6 } }));
  const [dragging, setDragging] = useState<Issue | null>(null);
  const handleDragEnd = (event: DragEndEvent) => {
    setDragging(null);
    const issue = event.active.data.current as Issue | undefined;
    const day = event.over?.data.current as { day: string } | undefined;
    const patch = issue && day ? rescheduleToDay(issue, day.day) : null;
    // A refused move is put back and toasted by the store, as on the board.
    if (issue && patch) void moveIssue(slug, issue.id, patch);
  };

  return (
    <div className="calendar" data-testid="calendar-layout">
      <div className="calendar-toolbar">
        <Button variant="secondary" size="sm" onClick={() => setAnchor(shiftAnchor(anchor, calendar.layout, -1))} aria-label={t('calendar.previous')}><ChevronLeft size={16} aria-hidden="true" /></Button>
        <strong className="calendar-title">{title}</strong>
        <Button variant="secondary" size="sm" onClick={() => setAnchor(shiftAnchor(anchor, calendar.layout, 1))} aria-label={t('calendar.next')}><ChevronRight size={16} aria-hidden="true" /></Button>
        <Button variant="ghost" size="sm" onClick={() => setAnchor(today)}>{t('calendar.today')}</Button>
        <span className="toolbar-spacer" />
        <Select
          className="select-sm"
          label={t('calendar.layout')}
          value={calendar.layout}
          options={[{ value: 'month', label: t('calendar.month') }, { value: 'week', label: t('calendar.week') }]}
          onChange={(layout) => setCalendar({ layout: layout as 'month' | 'week' })}
          testId="calendar-layout-select"
        />
        <label className="check-label">
          <input type="checkbox" checked={calendar.show_weekends} onChange={(event) => setCalendar({ show_weekends: event.target.checked })} data-testid="show-weekends" />
          {t('calendar.showWeekends')}
        </label>
      </div>
      {hiddenOnWeekends > 0 && (
        <p className="calendar-note" role="status" data-testid="calendar-hidden-weekends">
          {t('screens.calendar.hiddenOnWeekends', { count: hiddenOnWeekends })}{' '}
          <button type="button" className="link-button" onClick={() => setCalendar({ show_weekends: true })}>{t('calendar.showWeekends')}</button>
        </p>
      )}
      <div className="calendar-weekdays" style={columns} role="presentation" data-testid="calendar-weekdays">
        {headers.map((header) => <abbr key={header.day} className="calendar-weekday" title={header.long}>{header.short}</abbr>)}
      </div>
      <DndContext sensors={sensors} onDragStart={(event) => setDragging(event.active.data.current as Issue)} onDragEnd={handleDragEnd} onDragCancel={() => setDragging(null)}>
        <div className="calendar-grid" style={columns}>
          {weeks.flat().map((day) => (
            <CalendarDay key={day} day={day} isOther={day.slice(0, 7) !== anchor.slice(0, 7) && calendar.layout === 'month'} isToday={day === today}>
              {(byDay.get(day) ?? []).map((issue) => (
                <CalendarIssue key={issue.id} issue={issue} showKey={settings.displayProperties.key} canDrag={props.canEdit && !issue.is_local_update} onOpen={props.onOpen} />
              ))}
            </CalendarDay>
          ))}
        </div>
        <DragOverlay>{dragging ? <div className="calendar-issue calendar-issue-overlay"><IssueTitle issue={dragging} /></div> : null}</DragOverlay>
      </DndContext>
    </div>
  );
}

/** A day cell, and the drop target that reschedules an issue to it. */
function CalendarDay({ day, isOther, isToday, children }: { day: string; isOther: boolean; isToday: boolean; children: ReactNode }) {
  const t = useT();
  const { setNodeRef, isOver } = useDroppable({ id: `day:${day}`, data: { day } });
  const classes = ['calendar-day', isOther ? 'calendar-day-other' : '', isToday ? 'calendar-day-today' : '', isOver ? 'calendar-day-over' : ''].filter(Boolean).join(' ');
  return (
    <div ref={setNodeRef} className={classes} aria-current={isToday ? 'date' : undefined} data-testid={`calendar-day-${day}`}>
      <span className="calendar-day-number">{Number(day.slice(8))}{isToday && <span className="sr-only"> {t('calendar.today')}</span>}</span>
      {children}
    </div>
  );
}

/** An issue on its due day: a click opens it, a drag (past 6 px) carries it to another day. */
function CalendarIssue({ issue, showKey, canDrag, onOpen }: { issue: Issue; showKey: boolean; canDrag: boolean; onOpen: (issue: Issue) => void }) {
  const { setNodeRef, listeners, attributes, isDragging } = useDraggable({ id: `issue:${issue.id}`, data: issue, disabled: !canDrag });
  return (
    <button
      ref={setNodeRef}
      type="button"
      {...listeners}
      {...attributes}
      // After dnd-kit's attributes: a button that opens the issue, not a "draggable".
      aria-roledescription={undefined}
      className={`calendar-issue${isDragging ? ' calendar-issue-dragging' : ''}`}
      onClick={() => onOpen(issue)}
      data-issue-id={issue.id}
    >
      {showKey && <IssueKey issue={issue} />} <IssueTitle issue={issue} />
    </button>
  );
}
