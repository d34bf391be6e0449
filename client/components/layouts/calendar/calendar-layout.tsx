// The calendar layout: issues on their due date in a month or week grid; weekends shown or not
// (display filters `calendar.show_weekends` and `calendar.layout`). Shows only key and type.
import { useMemo, useState } from 'react';
import { useLocale, useT } from '../../../i18n';
import { updateDisplayFilters } from '../../../stores/issue-filter-store';
import type { Issue } from '../../../stores/issue-store';
import { IssueKey, IssueTitle } from '../../issues/issue-parts';
import type { LayoutProps } from '../layout-props';
import { calendarWeeks, parseDate, shiftAnchor, toDateString } from './calendar-dates';

export function CalendarLayout(props: LayoutProps) {
  const t = useT();
  const locale = useLocale();
  const { list, settings, slug, source } = props;
  const calendar = settings.displayFilters.calendar;
  const [anchor, setAnchor] = useState(() => toDateString(new Date()));
  const weeks = calendarWeeks(anchor, calendar.layout, calendar.show_weekends);
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
  const title = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'long', timeZone: 'UTC' }).format(parseDate(anchor));
  const setCalendar = (patch: Partial<typeof calendar>) => updateDisplayFilters(slug, source, { calendar: { ...calendar, ...patch } });

  return (
    <div className="calendar" data-testid="calendar-layout">
      <div className="calendar-toolbar">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAnchor(shiftAnchor(anchor, calendar.layout, -1))} aria-label={t('calendar.previous')}>‹</button>
        <strong className="calendar-title">{title}</strong>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAnchor(shiftAnchor(anchor, calendar.layout, 1))} aria-label={t('calendar.next')}>›</button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAnchor(toDateString(new Date()))}>{t('calendar.today')}</button>
        <span className="toolbar-spacer" />
        <select className="select select-sm" aria-label={t('calendar.layout')} value={calendar.layout} onChange={(event) => setCalendar({ layout: event.target.value as 'month' | 'week' })} data-testid="calendar-layout-select">
          <option value="month">{t('calendar.month')}</option>
          <option value="week">{t('calendar.week')}</option>
        </select>
        <label className="check-label">
          <input type="checkbox" checked={calendar.show_weekends} onChange={(event) => setCalendar({ show_weekends: event.target.checked })} data-testid="show-weekends" />
          {t('calendar.showWeekends')}
        </label>
      </div>
      <div className="calendar-grid" style={{ gridTemplateColumns: `repeat(${weeks[0]?.length ?? 7}, minmax(0, 1fr))` }}>
        {weeks.flat().map((day) => (
          <div key={day} className={`calendar-day${day.slice(0, 7) !== anchor.slice(0, 7) && calendar.layout === 'month' ? ' calendar-day-other' : ''}`} data-testid={`calendar-day-${day}`}>
            <span className="calendar-day-number">{Number(day.slice(8))}</span>
            {(byDay.get(day) ?? []).map((issue) => (
              <button key={issue.id} type="button" className="calendar-issue" onClick={() => props.onOpen(issue)}>
                {settings.displayProperties.key && <IssueKey issue={issue} />} <IssueTitle issue={issue} />
              </button>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}
