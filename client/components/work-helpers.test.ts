// @vitest-environment happy-dom
// Pure helpers of the work area: palette search, sidebar and state reordering, favorites tree,
// projects filter, calendar weeks, gantt dragging, comment mentions, identifier suggestion.
import { describe, expect, test } from 'vitest';
import type { Project } from '../stores/project-store';
import type { State } from '../stores/state-store';
import { buildFavoriteTree, type Favorite } from '../stores/favorite-store';
import { matchIssues } from './command-palette/command-palette';
import { projectDropOrder } from './app-shell/sidebar-projects';
import { filterProjects } from './projects/projects-list';
import { suggestIdentifier } from './projects/create-project-modal';
import { stateDropSequence } from './projects/project-settings-lists';
import { calendarWeeks, shiftAnchor } from './layouts/calendar/calendar-dates';
import { draggedDates, ganttRange } from './layouts/gantt/gantt-dates';
import { commentToHtml, commentToText } from './issues/issue-comments';
import { buildProject } from '../test-support/wire-rows';

const project = (id: string, patch: Partial<Project> = {}): Project => buildProject({ id, ...patch });

describe('command palette', () => {
  test('finds issues by key first, then by name', () => {
    const issues = [
      { id: '1', name: 'Fix login', sequence_id: 12, project_id: 'p' },
      { id: '2', name: 'ABC-12 mentioned in a name', sequence_id: 3, project_id: 'p' },
      { id: '3', name: 'Other', sequence_id: 120, project_id: 'p' },
    ];
    const identifiers = new Map([['p', 'ABC']]);
    expect(matchIssues(issues, identifiers, 'abc-12').map((issue) => issue.id)).toEqual(['1', '3', '2']);
    expect(matchIssues(issues, identifiers, 'login').map((issue) => issue.id)).toEqual(['1']);
    expect(matchIssues(issues, identifiers, '  ')).toEqual([]);
  });
});

describe('reordering', () => {
  test('a project dropped between two others gets their midpoint; dropped last, +10000', () => {
    const ordered = [project('a', { sort_order: 10000 }), project('b', { sort_order: 20000 }), project('c', { sort_order: 30000 })];
    expect(projectDropOrder(ordered, 'c', 'b')).toBe(15000);
    expect(projectDropOrder(ordered, 'a', null)).toBe(40000);
    expect(projectDropOrder(ordered, 'a', 'b')).toBeNull();
  });

  test('a state dropped before another of its group takes the midpoint sequence', () => {
    const states = [1, 2, 3].map((n) => ({ id: `s${n}`, sequence: n * 65535 }) as State);
    expect(stateDropSequence(states, 's3', 's2')).toBe((65535 + 131070) / 2);
    expect(stateDropSequence(states, 's2', 's1')).toBe(65535 - 10000);
  });
});

describe('favorites tree', () => {
  test('folders hold their children; higher sequence first', () => {
    const rows: Favorite[] = [
      { id: 'f', entity_type: 'folder', entity_identifier: null, is_folder: true, sequence: 10, parent: null, name: 'Folder' },
      { id: 'x', entity_type: 'project', entity_identifier: 'p1', is_folder: false, sequence: 30, parent: null },
      { id: 'y', entity_type: 'project', entity_identifier: 'p2', is_folder: false, sequence: 5, parent: 'f' },
      { id: 'z', entity_type: 'project', entity_identifier: 'p3', is_folder: false, sequence: 6, parent: 'f' },
    ];
    const tree = buildFavoriteTree(rows);
    expect(tree.map((node) => node.id)).toEqual(['x', 'f']);
    expect(tree[1]!.children.map((child) => child.id)).toEqual(['z', 'y']);
  });
});

describe('projects list', () => {
  const rows = [
    project('old', { is_member: true, created_at: '2026-01-01' }),
    project('new', { is_member: false, created_at: '2026-03-01' }),
    project('arch', { is_member: true, created_at: '2026-02-01', archived_at: '2026-04-01' }),
  ];
  test('archived projects show only with the archived filter; my_projects keeps memberships; newest first', () => {
    expect(filterProjects(rows, { my_projects: false, archived_projects: false }, 'created_at').map((row) => row.id)).toEqual(['new', 'old']);
    expect(filterProjects(rows, { my_projects: true, archived_projects: false }, 'created_at').map((row) => row.id)).toEqual(['old']);
    expect(filterProjects(rows, { my_projects: false, archived_projects: true }, 'created_at').map((row) => row.id)).toEqual(['arch']);
    expect(filterProjects(rows, { my_projects: false, archived_projects: false }, 'name').map((row) => row.id)).toEqual(['new', 'old']);
  });

  test('identifiers are suggested from the name', () => {
    expect(suggestIdentifier('Apollo Launch')).toBe('AL');
    expect(suggestIdentifier('website')).toBe('WEBSI');
    expect(suggestIdentifier('  ')).toBe('');
  });
});

describe('calendar and gantt', () => {
  test('a month starts on Monday and covers whole weeks; weekends can be hidden', () => {
    const weeks = calendarWeeks('2026-03-15', 'month', true);
    expect(weeks[0]![0]).toBe('2026-02-23');
    expect(weeks.every((week) => week.length === 7)).toBe(true);
    expect(weeks.flat()).toContain('2026-03-31');
    expect(calendarWeeks('2026-03-15', 'month', false)[0]).toHaveLength(5);
    expect(calendarWeeks('2026-03-18', 'week', true)).toEqual([['2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20', '2026-03-21', '2026-03-22']]);
    expect(shiftAnchor('2026-01-31', 'month', 1)).toBe('2026-02-01');
  });

  test('dragging a bar moves both dates; its edges move one; an inverted range is refused', () => {
    const issue = { start_date: '2026-03-10', target_date: '2026-03-12' };
    expect(draggedDates(issue, 'move', 2)).toEqual({ start_date: '2026-03-12', target_date: '2026-03-14' });
    expect(draggedDates(issue, 'end', -1)).toEqual({ start_date: '2026-03-10', target_date: '2026-03-11' });
    expect(draggedDates(issue, 'start', 5)).toBeNull();
    expect(draggedDates({ start_date: null, target_date: null }, 'move', 1)).toBeNull();
    expect(ganttRange([], '2026-03-10').start).toBe('2026-03-03');
  });
});

describe('comments', () => {
  test('mentions become mention-components and read back as @name; text is escaped', () => {
    const html = commentToHtml('Hi @Bob Stone <b>now</b>', [{ id: 'u1', name: 'Bob Stone' }]);
    expect(html).toBe('<p>Hi <mention-component entity_name="user_mention" entity_identifier="u1" label="Bob Stone"></mention-component> &lt;b&gt;now&lt;/b&gt;</p>');
    expect(commentToText(html)).toBe('Hi @Bob Stone <b>now</b>');
  });
});
