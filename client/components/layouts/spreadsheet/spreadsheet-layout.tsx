// The spreadsheet layout: one row per issue, one column per visible display property, every
// property editable in place. Rows are virtualised; columns follow the display properties.
import { useCallback, useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { useVirtualizer, type Range } from '@tanstack/react-virtual';
import { Table2 } from 'lucide-react';
import { EmptyState } from '../../../ui';
import type { DisplayProperty } from '../../../../shared/display';
import { useLocale, useT } from '../../../i18n';
import type { Issue } from '../../../stores/issue-store';
import { IssueDatePicker } from '../../issues/issue-date-chip';
import { IssueHotkeyProvider, useIssueHotkeyScope } from '../../issues/issue-hotkeys';
import { AssigneePicker, LabelPicker } from '../../issues/issue-people-labels';
import { EstimatePicker, PriorityPicker, StatePicker } from '../../issues/issue-properties';
import { CyclePicker, ModulePicker } from '../../issues/issue-plan-pickers';
import { IssueKey, IssueTitle, LoadMore } from '../../issues/issue-parts';
import { PROPERTY_LABEL } from '../../issues/labels';
import { toggleSelected, useIsSelected } from '../../issues/selection-store';
import { hasMoreInGroup, type LayoutProps } from '../layout-props';

type Column = { property: DisplayProperty; width: number; render: (issue: Issue, props: LayoutProps, disabled: boolean) => ReactNode };

/** Width of the always-shown checkbox and title columns. */
const FIXED_WIDTH = 336;

const dateTime = (value: string | undefined, locale: string) => (value ? new Date(value).toLocaleDateString(locale, { timeZone: 'UTC' }) : '–');

export const SPREADSHEET_COLUMNS: Column[] = [
  { property: 'state', width: 150, render: (issue, p, d) => <StatePicker slug={p.slug} issue={issue} disabled={d} /> },
  { property: 'priority', width: 120, render: (issue, p, d) => <PriorityPicker slug={p.slug} issue={issue} disabled={d} /> },
  { property: 'assignee', width: 170, render: (issue, p, d) => <AssigneePicker slug={p.slug} issue={issue} disabled={d} /> },
  { property: 'labels', width: 170, render: (issue, p, d) => <LabelPicker slug={p.slug} issue={issue} disabled={d} /> },
  { property: 'start_date', width: 140, render: (issue, p, d) => <IssueDatePicker slug={p.slug} issue={issue} field="start_date" disabled={d} /> },
  { property: 'due_date', width: 140, render: (issue, p, d) => <IssueDatePicker slug={p.slug} issue={issue} field="target_date" disabled={d} /> },
  { property: 'estimate', width: 100, render: (issue, p, d) => <EstimatePicker slug={p.slug} issue={issue} disabled={d} /> },
  { property: 'modules', width: 170, render: (issue, p, d) => <ModulePicker slug={p.slug} issue={issue} disabled={d} /> },
  { property: 'cycle', width: 160, render: (issue, p, d) => <CyclePicker slug={p.slug} issue={issue} disabled={d} /> },
  { property: 'sub_issue_count', width: 90, render: (issue) => issue.sub_issues_count ?? 0 },
  { property: 'link', width: 80, render: (issue) => issue.link_count ?? 0 },
  { property: 'attachment_count', width: 90, render: (issue) => issue.attachment_count ?? 0 },
];

export function SpreadsheetLayout(props: LayoutProps) {
  const t = useT();
  const locale = useLocale();
  const { list, settings, paging } = props;
  const parentRef = useRef<HTMLDivElement>(null);
  const shown = settings.displayProperties;
  const columns: Column[] = [
    ...SPREADSHEET_COLUMNS.filter((column) => shown[column.property]),
    ...(shown.created_on ? [{ property: 'created_on' as const, width: 120, render: (issue: Issue) => dateTime(issue.created_at, locale) }] : []),
    ...(shown.updated_on ? [{ property: 'updated_on' as const, width: 120, render: (issue: Issue) => dateTime(issue.updated_at, locale) }] : []),
  ];
  const rows = list.issues;
  const virtualizer = useVirtualizer({ count: rows.length, getScrollElement: () => parentRef.current, estimateSize: () => 40, overscan: 15, initialRect: { width: 1200, height: 800 }, getItemKey: (index) => rows[index]?.id ?? index });
  // Property columns are virtualised too: only those in view (plus a little) render, between two spacers.
  // While focus is in the sheet every column renders: Tab and Shift+Tab move to the next control
  // in the document, so a column not rendered yet (or one past a disabled chip) could never take
  // focus by keyboard. Rows stay virtualised, so this is a few dozen more chips at most.
  const [focusInside, setFocusInside] = useState(false);
  const rangeExtractor = useCallback((range: Range) => columnRange(range, focusInside), [focusInside]);
  const onFocus = () => setFocusInside(true);
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocusInside(false);
  };
  const columnVirtualizer = useVirtualizer({ horizontal: true, count: columns.length, getScrollElement: () => parentRef.current, estimateSize: (index) => columns[index]?.width ?? 120, paddingStart: FIXED_WIDTH, overscan: 2, initialRect: { width: 1200, height: 800 }, rangeExtractor });
  const columnItems = columnVirtualizer.getVirtualItems();
  const first = columnItems[0]?.index ?? 0;
  const last = columnItems[columnItems.length - 1]?.index ?? columns.length - 1;
  const visible = columns.slice(first, last + 1);
  const widthOf = (list: Column[]) => list.reduce((sum, column) => sum + column.width, 0);
  const template = `36px 300px ${widthOf(columns.slice(0, first))}px ${visible.map((column) => `${column.width}px`).join(' ')} ${widthOf(columns.slice(last + 1))}px`;

  return (
    <div className="spreadsheet" ref={parentRef} onFocus={onFocus} onBlur={onBlur} data-testid="spreadsheet-layout" role="table" aria-label={t('list.layout')} aria-rowcount={rows.length + 1}>
      {/* display: contents keeps the head row sticky in the scroller while it sits in a rowgroup. */}
      <div role="rowgroup" style={{ display: 'contents' }}>
      <div className="sheet-row sheet-head" style={{ gridTemplateColumns: template }} role="row">
        <span role="columnheader"><span className="sr-only">{t('list.select')}</span></span>
        <span role="columnheader">{t('issue.title')}</span>
        <span aria-hidden="true" />
        {visible.map((column) => (
          <span key={column.property} role="columnheader" data-testid={`column-${column.property}`}>{t(PROPERTY_LABEL[column.property])}</span>
        ))}
        <span aria-hidden="true" />
      </div>
      </div>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }} role="rowgroup">
        {virtualizer.getVirtualItems().map((item) => {
          const issue = rows[item.index];
          return issue ? <SheetRow key={item.key} issue={issue} columns={visible} template={template} offset={item.start} props={props} /> : null;
        })}
      </div>
      {hasMoreInGroup(paging, 'all', rows.length) && <LoadMore busy={paging.loadingGroups.includes('all')} onClick={() => props.onLoadMore('all')} />}
      {rows.length === 0 && props.paging.status !== 'loading' && <EmptyState title={t('list.empty')} body={t('list.emptyBody')} icon={<Table2 size={22} />} />}
    </div>
  );
}

/** The virtualiser's column range, or every column while focus is in the sheet. */
function columnRange(range: Range, everyColumn: boolean): number[] {
  const start = everyColumn ? 0 : Math.max(0, range.startIndex - range.overscan);
  const end = everyColumn ? range.count - 1 : Math.min(range.count - 1, range.endIndex + range.overscan);
  return Array.from({ length: Math.max(0, end - start + 1) }, (_, index) => start + index);
}

/** One row; S/P/A/L/D while focus is in it (its title button, a chip) open that property's picker. */
function SheetRow({ issue, columns, template, offset, props }: { issue: Issue; columns: Column[]; template: string; offset: number; props: LayoutProps }) {
  const t = useT();
  const selected = useIsSelected(issue.id);
  const disabled = !props.canEdit || Boolean(issue.is_local_update);
  const hotkeys = useIssueHotkeyScope<HTMLDivElement>(!disabled);
  return (
    <IssueHotkeyProvider value={hotkeys.scope}>
      <div ref={hotkeys.ref} onKeyDown={hotkeys.onKeyDown} className={`sheet-row virtual-row${selected ? ' issue-row-selected' : ''}`} style={{ gridTemplateColumns: template, transform: `translateY(${offset}px)` }} role="row" data-testid="sheet-row" data-issue-id={issue.id}>
        <span role="cell">{props.canEdit && <input type="checkbox" checked={selected} aria-label={t('list.select')} onChange={() => toggleSelected(issue.id)} />}</span>
        <span role="cell" className="sheet-title-cell">
          <button type="button" className="sheet-title" onClick={() => props.onOpen(issue)}>
            {props.settings.displayProperties.key && <IssueKey issue={issue} />} <IssueTitle issue={issue} />
          </button>
        </span>
        <span aria-hidden="true" />
        {columns.map((column) => (
          <span key={column.property} className="sheet-cell" role="cell">{column.render(issue, props, disabled)}</span>
        ))}
        <span aria-hidden="true" />
      </div>
    </IssueHotkeyProvider>
  );
}
