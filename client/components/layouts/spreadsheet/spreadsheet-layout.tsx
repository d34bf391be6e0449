// The spreadsheet layout: one row per issue, one column per visible display property, every
// property editable in place. Rows are virtualised; columns follow the display properties.
import { useCallback, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode } from 'react';
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
import { isShortcutBlocked } from '../../keyboard/shortcut-guard';
import { columnStep, focusRow, nextRowIndex, rovingTabStop, rowIndexOf, rowStep, RowChips } from '../row-navigation';

type Column = { property: DisplayProperty; width: number; render: (issue: Issue, props: LayoutProps, disabled: boolean) => ReactNode };

/** Width of the always-shown checkbox and title columns. */
const FIXED_WIDTH = 336;

const dateTime = (value: string | undefined, locale: string) => (value ? new Date(value).toLocaleDateString(locale, { timeZone: 'UTC' }) : '–');

const SPREADSHEET_COLUMNS: Column[] = [
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
  // One Tab stop for the rows (roving tabindex): the row last focused while on screen, else the first shown.
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const rowItems = virtualizer.getVirtualItems();
  const tabStop = rovingTabStop(focusedId, rowItems.flatMap((item) => (rows[item.index] ? [rows[item.index]!.id] : [])));
  const handleKeyDown = (event: KeyboardEvent) => {
    const step = rowStep(event.nativeEvent);
    const from = rowIndexOf(event.target);
    if (!step || from === null) return;
    event.preventDefault();
    const next = nextRowIndex(rows.length, from, step);
    if (next !== null) focusRow(parentRef.current, next, (index) => virtualizer.scrollToIndex(index));
  };
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
    <div className="spreadsheet" ref={parentRef} onFocus={onFocus} onBlur={onBlur} onKeyDown={handleKeyDown} data-testid="spreadsheet-layout" role="table" aria-label={t('list.layout')} aria-rowcount={rows.length + 1}>
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
        {rowItems.map((item) => {
          const issue = rows[item.index];
          return issue ? <SheetRow key={item.key} issue={issue} index={item.index} isTabStop={issue.id === tabStop} onFocusRow={setFocusedId} columns={visible} template={template} offset={item.start} props={props} /> : null;
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

/**
 * One row, one Tab stop: Enter opens the issue, X selects it, S/P/A/L/D while focus is in it (the
 * row, its title, a chip) open that property's picker, ArrowLeft/ArrowRight walk its cells.
 */
function SheetRow({ issue, index, isTabStop, onFocusRow, columns, template, offset, props }: { issue: Issue; index: number; isTabStop: boolean; onFocusRow: (id: string) => void; columns: Column[]; template: string; offset: number; props: LayoutProps }) {
  const t = useT();
  const selected = useIsSelected(issue.id);
  const disabled = !props.canEdit || Boolean(issue.is_local_update);
  const hotkeys = useIssueHotkeyScope<HTMLDivElement>(!disabled);
  const handleKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Enter' && event.target === event.currentTarget) props.onOpen(issue);
    else if (event.key === 'x' && props.canEdit && !isShortcutBlocked(event.nativeEvent)) toggleSelected(issue.id);
    else hotkeys.onKeyDown(event);
  };
  // Heard on the way down: a chip keeps its own key presses from the row (ui/chip.tsx).
  const handleArrowCapture = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = columnStep(event.nativeEvent);
    if (!step) return;
    event.preventDefault();
    focusCell(event.currentTarget, step);
  };
  return (
    <IssueHotkeyProvider value={hotkeys.scope}>
      <div ref={hotkeys.ref} tabIndex={isTabStop ? 0 : -1} onFocus={() => onFocusRow(issue.id)} onKeyDown={handleKeyDown} onKeyDownCapture={handleArrowCapture} data-row-index={index} aria-label={issue.name} className={`sheet-row virtual-row${selected ? ' issue-row-selected' : ''}`} style={{ gridTemplateColumns: template, transform: `translateY(${offset}px)` }} role="row" data-testid="sheet-row" data-issue-id={issue.id}>
        <span role="cell">{props.canEdit && <input type="checkbox" tabIndex={-1} checked={selected} aria-label={t('list.select')} onChange={() => toggleSelected(issue.id)} />}</span>
        <span role="cell" className="sheet-title-cell">
          <button type="button" tabIndex={-1} className="sheet-title" onClick={() => props.onOpen(issue)}>
            {props.settings.displayProperties.key && <IssueKey issue={issue} />} <IssueTitle issue={issue} />
          </button>
        </span>
        <span aria-hidden="true" />
        <RowChips>
          {columns.map((column) => (
            <span key={column.property} className="sheet-cell" role="cell">{column.render(issue, props, disabled)}</span>
          ))}
        </RowChips>
        <span aria-hidden="true" />
      </div>
    </IssueHotkeyProvider>
  );
}

/** Moves focus to the row's next or previous control (title, then each cell's chip); the row itself is before the first. */
function focusCell(row: HTMLElement, step: -1 | 1): void {
  const cells = [row, ...row.querySelectorAll<HTMLElement>('.sheet-title, .sheet-cell button:not(:disabled)')];
  const at = cells.indexOf(document.activeElement as HTMLElement);
  cells[Math.min(cells.length - 1, Math.max(0, at + step))]?.focus();
}
