// The calendar layout: issues on their due date in a month or week grid under weekday headers,
// weeks starting on the locale's first day, today marked; weekends shown unless the display filter
// `calendar.show_weekends` is off, and then a note says how many dated issues that hides.
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useLocale, useT } from '../../../i18n';
import { weekLocaleTag } from '../../../i18n/week-start';
import { updateDisplayFilters } from '../../../stores/issue-filter-store';
import type { Issue } from '../../../stores/issue-store';
import { IssueKey, IssueTitle } from '../../issues/issue-parts';
import type { LayoutProps } from '../layout-props';
import { useToday } from '../../use-today';
import { Select } from '../../../ui';
import { calendarWeeks, countWeekendDates, firstDayOfWeek, parseDate, shiftAnchor, weekdayHeaders } from './calendar-dates';

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

  return (
    <div className="calendar" data-testid="calendar-layout">
      <div className="calendar-toolbar">
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAnchor(shiftAnchor(anchor, calendar.layout, -1))} aria-label={t('calendar.previous')}><ChevronLeft size={16} aria-hidden="true" /></button>
        <strong className="calendar-title">{title}</strong>
        <button type="button" className="btn btn-secondary btn-sm" onClick={() => setAnchor(shiftAnchor(anchor, calendar.layout, 1))} aria-label={t('calendar.next')}><ChevronRight size={16} aria-hidden="true" /></button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAnchor(today)}>{t('calendar.today')}</button>
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
      <div className="calendar-grid" style={columns}>
        {weeks.flat().map((day) => {
          const other = day.slice(0, 7) !== anchor.slice(0, 7) && calendar.layout === 'month';
          const isToday = day === today;
          return (
            <div key={day} className={`calendar-day${other ? ' calendar-day-other' : ''}${isToday ? ' calendar-day-today' : ''}`} aria-current={isToday ? 'date' : undefined} data-testid={`calendar-day-${day}`}>
              <span className="calendar-day-number">{Number(day.slice(8))}{isToday && <span className="sr-only"> {t('calendar.today')}</span>}</span>
              {(byDay.get(day) ?? []).map((issue) => (
                <button key={issue.id} type="button" className="calendar-issue" onClick={() => props.onOpen(issue)}>
                  {settings.displayProperties.key && <IssueKey issue={issue} />} <IssueTitle issue={issue} />
                </button>
              ))}
            </div>
          );
        })}
      </div>
    </div>
  );
}
