// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json } from '../test-support/fake-api';
import type { ListSource } from './list-model';
import type { UserMe } from '../api/types';
import { useSessionStore } from './session-store';
import { getListSettings, loadListSettings, toggleKanbanGroup, updateDisplayFilters, updateFilters, useIssueFilterStore } from './issue-filter-store';

const P = '11111111-1111-4111-8111-111111111111';
const project: ListSource = { kind: 'project', projectId: P };
const global: ListSource = { kind: 'global', viewId: 'all-issues', userId: 'me' };
const profile: ListSource = { kind: 'profile', tab: 'assigned', userId: 'me' };
let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
  localStorage.clear();
  useIssueFilterStore.setState({ lists: {} });
  api.on('PATCH', `/api/workspaces/acme/projects/${P}/user-properties/`, (call) => json(200, call.body));
});

afterEach(() => vi.unstubAllGlobals());

describe('display filter rules through the store', () => {
  test('switching to kanban groups by state, and by priority in the profile context', () => {
    expect(updateDisplayFilters('acme', project, { layout: 'kanban' }).displayFilters.group_by).toBe('state');
    expect(updateDisplayFilters('acme', profile, { layout: 'kanban' }).displayFilters.group_by).toBe('priority');
  });

  test('clearing group_by clears sub_group_by; an equal sub_group_by is cleared', () => {
    updateDisplayFilters('acme', project, { layout: 'kanban', group_by: 'state', sub_group_by: 'priority' });
    expect(getListSettings(project).displayFilters.sub_group_by).toBe('priority');
    expect(updateDisplayFilters('acme', project, { sub_group_by: 'state' }).displayFilters.sub_group_by).toBeNull();
    updateDisplayFilters('acme', project, { layout: 'list', sub_group_by: 'priority' });
    expect(updateDisplayFilters('acme', project, { group_by: null }).displayFilters.sub_group_by).toBeNull();
  });

  test('a global view turns sort_order into -created_at and defaults to the spreadsheet', () => {
    expect(getListSettings(global).displayFilters.layout).toBe('spreadsheet');
    expect(updateDisplayFilters('acme', global, { order_by: 'sort_order' }).displayFilters.order_by).toBe('-created_at');
  });

  test('order_by, type and sub_issue changes ask for a re-fetch; a layout change too (it clears the list)', () => {
    const token = () => getListSettings(project).fetchToken;
    const start = token();
    updateDisplayFilters('acme', project, { order_by: '-priority' });
    expect(token()).toBe(start + 1);
    updateDisplayFilters('acme', project, { show_empty_groups: false });
    expect(token()).toBe(start + 1);
    updateDisplayFilters('acme', project, { layout: 'calendar' });
    expect(token()).toBe(start + 2);
    updateDisplayFilters('acme', project, { type: 'backlog' });
    expect(token()).toBe(start + 3);
  });
});

describe('saving per user', () => {
  test('project settings are saved through user-properties', async () => {
    updateDisplayFilters('acme', project, { layout: 'kanban' });
    await vi.waitFor(() => expect(api.calls.some((call) => call.method === 'PATCH')).toBe(true));
    const call = api.calls.find((row) => row.method === 'PATCH')!;
    expect(call.path).toBe(`/api/workspaces/acme/projects/${P}/user-properties/`);
    expect(call.body).toMatchObject({ display_filters: { layout: 'kanban', group_by: 'state' }, display_properties: { key: true } });
  });

  test('loading merges the saved settings over the defaults and re-applies the rules', async () => {
    api.on('GET', `/api/workspaces/acme/projects/${P}/user-properties/`, () =>
      json(200, { display_filters: { layout: 'kanban', group_by: null, order_by: '-created_at' }, display_properties: { labels: false }, filters: { priority: ['high'], state: [] } }),
    );
    const settings = await loadListSettings('acme', project);
    expect(settings.displayFilters).toMatchObject({ layout: 'kanban', group_by: 'state', order_by: '-created_at', calendar: { show_weekends: true, layout: 'month' } });
    expect(settings.displayProperties).toMatchObject({ labels: false, key: true });
    expect(settings.filters).toEqual({ priority: ['high'] });
  });

  test('kanban collapse state is kept locally only', () => {
    toggleKanbanGroup('acme', project, 'group_by', 's1');
    expect(getListSettings(project).kanbanFilters.group_by).toEqual(['s1']);
    expect(JSON.parse(localStorage.getItem(`trellis:list:acme:project:${P}:kanban`)!)).toEqual({ group_by: ['s1'], sub_group_by: [] });
    expect(api.calls).toHaveLength(0);
  });

  test('filters drop empty lists', () => {
    updateFilters('acme', global, { priority: ['urgent'], labels: [] });
    expect(getListSettings(global).filters).toEqual({ priority: ['urgent'] });
    expect(JSON.parse(localStorage.getItem('trellis:list:acme:global:all-issues')!).filters).toEqual({ priority: ['urgent'] });
  });
});

describe('starting from the last known settings', () => {
  const ALICE = 'a1a1a1a1-0000-4000-8000-000000000001';
  const BOB = 'b0b0b0b0-0000-4000-8000-000000000002';
  const signedIn = (id: string) => useSessionStore.setState({ status: 'ready', user: { id } as UserMe });

  test("a project list shows its user's last server settings until the answer is in, then the answer; another user starts from the defaults", async () => {
    signedIn(ALICE);
    api.on('GET', `/api/workspaces/acme/projects/${P}/user-properties/`, () => json(200, { display_filters: { layout: 'kanban', group_by: 'priority' } }));
    await loadListSettings('acme', project);
    expect(getListSettings(project)).toMatchObject({ loaded: true, displayFilters: { layout: 'kanban', group_by: 'priority' } });

    // A reload: nothing in the store, and the server has not answered yet.
    useIssueFilterStore.setState({ lists: {} });
    let answer!: (settings: unknown) => void;
    api.on('GET', `/api/workspaces/acme/projects/${P}/user-properties/`, () => new Promise((resolve) => (answer = (settings) => resolve(json(200, settings)))));
    const loading = loadListSettings('acme', project);
    expect(getListSettings(project)).toMatchObject({ loaded: false, displayFilters: { layout: 'kanban', group_by: 'priority' } });
    const before = getListSettings(project);
    answer({ display_filters: { layout: 'kanban', group_by: 'priority' } });
    await loading;
    // The same answer keeps the same objects: nothing regroups.
    expect(getListSettings(project).loaded).toBe(true);
    expect(getListSettings(project).displayFilters).toBe(before.displayFilters);

    // Bob on the same browser never starts from Alice's board.
    signedIn(BOB);
    useIssueFilterStore.setState({ lists: {} });
    api.on('GET', `/api/workspaces/acme/projects/${P}/user-properties/`, () => new Promise(() => undefined));
    void loadListSettings('acme', project);
    expect(getListSettings(project)).toMatchObject({ loaded: false, displayFilters: { layout: 'list' } });
  });
});
