// The gantt layout: a bar per issue from start to due date on a day grid; drag a bar to move it,
// drag its edges to resize, and "blocked by" relations are drawn as connectors. Rows are virtualised.
import { useEffect, useMemo, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { http } from '../../../api/http';
import { useT } from '../../../i18n';
import { projectPath } from '../../../stores/api-paths';
import { updateIssue, type Issue } from '../../../stores/issue-store';
import { IssueKey, IssueTitle } from '../../issues/issue-parts';
import { addDays, daysBetween, toDateString } from '../calendar/calendar-dates';
import type { LayoutProps } from '../layout-props';

const DAY = 28;
const ROW = 36;

interface Relation {
  id: string;
  relation_type: string;
}

/** The day range the chart covers: every dated issue with margins, at least around today. */
export function ganttRange(issues: Issue[], today: string): { start: string; days: number } {
  const dates = issues.flatMap((issue) => [issue.start_date, issue.target_date]).filter((value): value is string => Boolean(value));
  const min = dates.reduce((a, b) => (a < b ? a : b), today);
  const max = dates.reduce((a, b) => (a > b ? a : b), today);
  const start = addDays(min, -7);
  return { start, days: Math.max(60, daysBetween(start, max) + 21) };
}

/** New dates after dragging a bar by `deltaDays` (move) or one of its edges (resize). */
export function draggedDates(issue: Pick<Issue, 'start_date' | 'target_date'>, mode: 'move' | 'start' | 'end', deltaDays: number): { start_date: string; target_date: string } | null {
  const start = issue.start_date ?? issue.target_date;
  const end = issue.target_date ?? issue.start_date;
  if (!start || !end || deltaDays === 0) return null;
  const next = {
    start_date: mode === 'end' ? start : addDays(start, deltaDays),
    target_date: mode === 'start' ? end : addDays(end, deltaDays),
  };
  return next.start_date <= next.target_date ? next : null;
}

export function GanttLayout(props: LayoutProps) {
  const t = useT();
  const { list, slug, projectId } = props;
  const rows = list.issues;
  const today = toDateString(new Date());
  const range = useMemo(() => ganttRange(rows, today), [rows, today]);
  const parentRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => parentRef.current, estimateSize: () => ROW, overscan: 10, initialRect: { width: 1200, height: 800 }, getItemKey: (index) => rows[index]?.id ?? index });
  const [relations, setRelations] = useState<Record<string, Relation[]>>({});
  const [drag, setDrag] = useState<{ id: string; mode: 'move' | 'start' | 'end'; x: number; delta: number } | null>(null);

  useEffect(() => {
    if (!projectId) return;
    // Relations for the connectors; the chart works without them if the route is unavailable.
    void http
      .get<{ results: (Issue & { issue_relation?: Relation[] })[] }>(`${projectPath(slug, projectId)}/issues-detail/`, { expand: 'issue_relation,issue_related', per_page: 1000, cursor: '1000:0:0' })
      .then((answer) => setRelations(Object.fromEntries((answer.results ?? []).map((row) => [row.id, row.issue_relation ?? []]))))
      .catch(() => undefined);
  }, [slug, projectId]);

  // Open on today rather than on the earliest date.
  useEffect(() => {
    if (parentRef.current) parentRef.current.scrollLeft = Math.max(0, daysBetween(range.start, today) * DAY - 3 * DAY);
  }, []);

  const indexOf = useMemo(() => new Map(rows.map((issue, index) => [issue.id, index])), [rows]);
  const barOf = (issue: Issue) => {
    const start = issue.start_date ?? issue.target_date;
    const end = issue.target_date ?? issue.start_date;
    if (!start || !end) return null;
    const shift = drag?.id === issue.id ? Math.round(drag.delta / DAY) : 0;
    const dates = drag?.id === issue.id ? (draggedDates(issue, drag.mode, shift) ?? { start_date: start, target_date: end }) : { start_date: start, target_date: end };
    return { left: daysBetween(range.start, dates.start_date) * DAY, width: (daysBetween(dates.start_date, dates.target_date) + 1) * DAY };
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
    if (issue && dates) void updateIssue(slug, issue.id, dates).catch(() => undefined);
  };

  const connectors = rows.flatMap((issue) =>
    (relations[issue.id] ?? []).filter((relation) => relation.relation_type === 'blocked_by' && indexOf.has(relation.id)).map((relation) => ({ from: relation.id, to: issue.id })),
  );

  return (
    <div className="gantt" ref={parentRef} onPointerMove={handlePointerMove} onPointerUp={handlePointerUp} data-testid="gantt-layout">
      <div className="gantt-inner" style={{ width: 280 + range.days * DAY, height: virtualizer.getTotalSize() + ROW }}>
        <div className="gantt-head" style={{ marginLeft: 280 }}>
          {Array.from({ length: range.days }, (_, day) => addDays(range.start, day)).map((day) => (
            <span key={day} className={`gantt-day${day === today ? ' gantt-today' : ''}`} style={{ width: DAY }}>{Number(day.slice(8))}</span>
          ))}
        </div>
        <svg className="gantt-links" style={{ left: 280, top: ROW }} width={range.days * DAY} height={virtualizer.getTotalSize()} aria-hidden="true">
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
            return (
              <div key={item.key} className="gantt-row virtual-row" style={{ transform: `translateY(${item.start}px)` }} data-testid="gantt-row">
                <button type="button" className="gantt-label" onClick={() => props.onOpen(issue)}>
                  <IssueKey issue={issue} /> <IssueTitle issue={issue} />
                </button>
                {bar ? (
                  <div className="gantt-bar" style={{ left: 280 + bar.left, width: bar.width }} onPointerDown={(event) => handlePointerDown(event, issue, 'move')} data-testid="gantt-bar">
                    <span className="gantt-handle gantt-handle-start" onPointerDown={(event) => handlePointerDown(event, issue, 'start')} />
                    <span className="gantt-handle gantt-handle-end" onPointerDown={(event) => handlePointerDown(event, issue, 'end')} />
                  </div>
                ) : (
                  <span className="gantt-nodate muted" style={{ left: 290 }}>{t('gantt.noDates')}</span>
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
