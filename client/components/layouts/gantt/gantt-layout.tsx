// The gantt layout: a bar per issue from start to due date on a day grid under month and day
// headers (the title column keeps its own corner, so no header runs under it); drag a bar to move
// it, drag its edges to resize, and "blocked by" relations are drawn as connectors. Rows are virtualised.
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { http } from '../../../api/http';
import { useResource } from '../../../api/use-resource';
import { useLocale, useT } from '../../../i18n';
import { projectPath } from '../../../stores/api-paths';
import { updateIssue, type Issue } from '../../../stores/issue-store';
import { IssueKey, IssueTitle } from '../../issues/issue-parts';
import { addDays } from '../../../../shared/calendar-day';
import { useToday } from '../../use-today';
import { daysBetween, isWeekend, parseDate } from '../calendar/calendar-dates';
import type { LayoutProps } from '../layout-props';
import { barDates, draggedDates, ganttRange, monthBands, openingDay } from './gantt-dates';
import { toastOnFailure } from '../../../stores/toast-store';

const DAY = 28;
const ROW = 36;
/** Width of the sticky title column. */
const LABEL = 280;
/** Height of the sticky header: month band (20) over day numbers (28). */
const HEAD = 48;

interface Relation {
  id: string;
  relation_type: string;
}

export function GanttLayout(props: LayoutProps) {
  const t = useT();
  const locale = useLocale();
  const { list, slug, projectId } = props;
  const rows = list.issues;
  const today = useToday();
  const range = useMemo(() => ganttRange(rows, today), [rows, today]);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => parentRef.current, estimateSize: () => ROW, overscan: 10, initialRect: { width: 1200, height: 800 }, getItemKey: (index) => rows[index]?.id ?? index });
  const [drag, setDrag] = useState<{ id: string; mode: 'move' | 'start' | 'end'; x: number; delta: number } | null>(null);
  // Relations only draw the connectors: the chart works without them (no error shown) if the route is unavailable.
  const relationsPath = projectId ? `${projectPath(slug, projectId)}/issues-detail/` : null;
  const { data: relationsAnswer } = useResource(relationsPath, (signal) =>
    http.get<{ results: (Issue & { issue_relation?: Relation[] })[] }>(relationsPath!, { expand: 'issue_relation,issue_related', per_page: 1000, cursor: '1000:0:0' }, signal),
  );
  const relations = useMemo<Record<string, Relation[]>>(() => Object.fromEntries((relationsAnswer?.results ?? []).map((row) => [row.id, row.issue_relation ?? []])), [relationsAnswer]);

  // Open so that today and recent early bars are in view, once the first rows are known.
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current || !parentRef.current || rows.length === 0) return;
    opened.current = true;
    parentRef.current.scrollLeft = Math.max(0, daysBetween(range.start, openingDay(rows, today)) * DAY);
  }, [rows, range.start, today]);

  const indexOf = useMemo(() => new Map(rows.map((issue, index) => [issue.id, index])), [rows]);
  const barOf = (issue: Issue) => {
    const preview = drag?.id === issue.id ? { ...issue, ...draggedDates(issue, drag.mode, Math.round(drag.delta / DAY)) } : issue;
    const dates = barDates(preview);
    if (!dates) return null;
    return { left: daysBetween(range.start, dates.start) * DAY, width: (daysBetween(dates.start, dates.end) + 1) * DAY };
  };

  const handlePointerDown = (event: ReactPointerEvent, issue: Issue, mode: 'move' | 'start' | 'end') => {
    if (!props.canEdit) return;
    event.stopPropagation();
    (event.target as Element).setPointerCapture?.(event.pointerId);
    setDrag({ id: issue.id, mode, x: event.clientX, delta: 0 });
  };
  const handlePointerMove = (event: ReactPointerEvent) => drag && setDrag({ ...drag, delta: event.clientX - drag.x });
  const handlePointerUp = () => {
    if (!drag) return;
    const issue = rows.find((row) => row.id === drag.id);
    const dates = issue ? draggedDates(issue, drag.mode, Math.round(drag.delta / DAY)) : null;
    setDrag(null);
    if (issue && dates) toastOnFailure(updateIssue(slug, issue.id, dates));
  };

  const connectors = rows.flatMap((issue) =>
    (relations[issue.id] ?? []).filter((relation) => relation.relation_type === 'blocked_by' && indexOf.has(relation.id)).map((relation) => ({ from: relation.id, to: issue.id })),
  );
  const monthFormat = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' });

  return (
    <div className="gantt" ref={parentRef} onPointerMove={handlePointerMove} onPointerUp={handlePointerUp} data-testid="gantt-layout">
      <div className="gantt-inner" style={{ width: LABEL + range.days * DAY, height: virtualizer.getTotalSize() + HEAD }}>
        <div className="gantt-head" style={{ height: HEAD }}>
          <div className="gantt-corner" style={{ width: LABEL }} data-testid="gantt-corner">{t('screens.gantt.titleColumn')}</div>
          <div className="gantt-timeline" style={{ width: range.days * DAY }}>
            <div className="gantt-months">
              {monthBands(range).map((band) => (
                <span key={band.month} className="gantt-month" style={{ left: band.offset * DAY, width: band.days * DAY }} data-testid={`gantt-month-${band.month}`}>
                  <span className="gantt-month-label">{monthFormat.format(parseDate(`${band.month}-01`))}</span>
                </span>
              ))}
            </div>
            <div className="gantt-days">
              {Array.from({ length: range.days }, (_, day) => addDays(range.start, day)).map((day) => (
                <span key={day} className={`gantt-day${day === today ? ' gantt-today' : ''}${isWeekend(day) ? ' gantt-weekend' : ''}`} style={{ width: DAY }} data-testid={`gantt-day-${day}`}>{Number(day.slice(8))}</span>
              ))}
            </div>
          </div>
        </div>
        <svg className="gantt-links" style={{ left: LABEL, top: HEAD }} width={range.days * DAY} height={virtualizer.getTotalSize()} aria-hidden="true">
          {connectors.map(({ from, to }) => {
            const a = rows[indexOf.get(from)!];
            const b = rows[indexOf.get(to)!];
            const barA = a && barOf(a);
            const barB = b && barOf(b);
            if (!barA || !barB) return null;
            const x1 = barA.left + barA.width;
            const y1 = indexOf.get(from)! * ROW + ROW / 2;
            const x2 = barB.left;
            const y2 = indexOf.get(to)! * ROW + ROW / 2;
            return <path key={`${from}-${to}`} d={`M${x1},${y1} C${x1 + 20},${y1} ${x2 - 20},${y2} ${x2},${y2}`} className="gantt-link" data-testid="gantt-link" />;
          })}
        </svg>
        <div style={{ position: 'relative', height: virtualizer.getTotalSize() }}>
          {virtualizer.getVirtualItems().map((item) => {
            const issue = rows[item.index];
            if (!issue) return null;
            const bar = barOf(issue);
            // One date, one day: the bar only moves (its handles would invent the missing date).
            const resizable = Boolean(issue.start_date && issue.target_date);
            return (
              <div key={item.key} className="gantt-row virtual-row" style={{ transform: `translateY(${item.start}px)` }} data-testid="gantt-row">
                <button type="button" className="gantt-label" style={{ width: LABEL }} onClick={() => props.onOpen(issue)}>
                  <IssueKey issue={issue} /> <IssueTitle issue={issue} />
                </button>
                {bar ? (
                  <div className="gantt-bar" style={{ left: LABEL + bar.left, width: bar.width }} onPointerDown={(event) => handlePointerDown(event, issue, 'move')} data-testid="gantt-bar">
                    {resizable && <span className="gantt-handle gantt-handle-start" onPointerDown={(event) => handlePointerDown(event, issue, 'start')} />}
                    {resizable && <span className="gantt-handle gantt-handle-end" onPointerDown={(event) => handlePointerDown(event, issue, 'end')} />}
                  </div>
                ) : (
                  <span className="gantt-nodate muted" style={{ left: LABEL + 10 }}>{t('gantt.noDates')}</span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
