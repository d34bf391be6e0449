// The lazily loaded layouts (the list ships in the initial bundle; kanban brings dnd-kit, the
// calendar and gantt their date maths). One import per layout, shared by the list view's `lazy`
// and by `preloadLayout`, which the project route calls as soon as it knows the saved layout, so
// the chunk is in by the time the screen renders instead of being asked for by that render.
import type { ComponentType } from 'react';
import type { Layout } from '../../../shared/display';
import type { LayoutProps } from './layout-props';

type LazyLayout = Exclude<Layout, 'list'>;
type LayoutModule = { default: ComponentType<LayoutProps> };

const importers: Record<LazyLayout, () => Promise<LayoutModule>> = {
  kanban: () => import('./kanban/kanban-layout').then((module) => ({ default: module.KanbanLayout })),
  calendar: () => import('./calendar/calendar-layout').then((module) => ({ default: module.CalendarLayout })),
  spreadsheet: () => import('./spreadsheet/spreadsheet-layout').then((module) => ({ default: module.SpreadsheetLayout })),
  gantt_chart: () => import('./gantt/gantt-layout').then((module) => ({ default: module.GanttLayout })),
};

const loads = new Map<LazyLayout, Promise<LayoutModule>>();

/** The layout's module, imported once (a failed import is forgotten, so a retry asks again). */
export function loadLayoutChunk(layout: LazyLayout): Promise<LayoutModule> {
  let load = loads.get(layout);
  if (!load) {
    load = importers[layout]();
    loads.set(layout, load);
    load.catch(() => loads.delete(layout));
  }
  return load;
}

/** Starts loading a layout's chunk ahead of its first render (the list's is always there). */
export function preloadLayout(layout: Layout): void {
  if (layout !== 'list' && layout in importers) void loadLayoutChunk(layout).catch(() => undefined);
}
