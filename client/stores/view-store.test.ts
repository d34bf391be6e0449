// @vitest-environment happy-dom
// The view store and a view's list settings: fetch and "save as view" capture the list's filters,
// a live event keeps the caller's favorite flag, a delete waits for its undo window (Undo sends
// nothing), and a view's list starts from the view, knows when it was edited and goes back to it.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json } from '../test-support/fake-api';
import type { ListSource } from './list-model';
import { differsFromView, getListSettings, loadListSettings, resetListToView, updateFilters, useIssueFilterStore, viewContentOf } from './issue-filter-store';
import { applyViewChange, createView, deleteView, fetchViews, getView, resetViews, type View } from './view-store';

const P = '11111111-1111-4111-8111-111111111111';
const V = '22222222-2222-4222-8222-222222222222';
const base = `/api/workspaces/acme/projects/${P}/views`;
let api: ReturnType<typeof installFakeApi>;

function viewRow(patch: Partial<View> = {}): View {
  return {
    id: V, workspace: 'w', project: P, name: 'Hot', description: '', query: {}, filters: { priority: ['high'] }, display_filters: { layout: 'list' }, display_properties: {},
    rich_filters: {}, access: 0, sort_order: 1, logo_props: {}, owned_by: 'me', is_locked: false, is_favorite: true, anchor: null, archived_at: null,
    created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', created_by: 'me', updated_by: 'me', version: 1, ...patch,
  };
}

beforeEach(() => {
  api = installFakeApi();
  localStorage.clear();
  resetViews();
  useIssueFilterStore.setState({ lists: {} });
});

afterEach(() => vi.unstubAllGlobals());

describe('view store', () => {
  test('a live update keeps my favorite flag; a delete event removes the view', async () => {
    api.on('GET', `${base}/`, () => json(200, [viewRow()]));
    await fetchViews('acme', P);
    applyViewChange({ type: 'change', id: 1, entity: 'view', op: 'update', workspace: 'acme', project_id: P, version: 2, data: { ...viewRow({ name: 'Renamed' }), is_favorite: undefined }, client_mutation_id: null });
    expect(getView(V)).toMatchObject({ name: 'Renamed', is_favorite: true });
    applyViewChange({ type: 'change', id: 2, entity: 'view', op: 'delete', workspace: 'acme', project_id: P, version: 3, data: { id: V }, client_mutation_id: null });
    expect(getView(V)).toBeUndefined();
  });

  test('save as view sends the list filters and display; Undo of a delete sends nothing', async () => {
    const source: ListSource = { kind: 'project', projectId: P };
    api.on('PATCH', `/api/workspaces/acme/projects/${P}/user-properties/`, (call) => json(200, call.body));
    updateFilters('acme', source, { priority: ['high'], labels: [] });
    api.on('POST', `${base}/`, (call) => json(201, viewRow({ ...(call.body as Partial<View>), is_favorite: false })));
    const created = await createView('acme', P, { name: 'Hot', access: 1, ...viewContentOf(getListSettings(source)) });
    const sent = api.calls.find((call) => call.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({ name: 'Hot', access: 1, filters: { priority: ['high'] } });
    expect(sent.display_filters).toMatchObject({ layout: 'list' });
    await expect(deleteView('acme', created, { undoWindow: () => Promise.resolve(false) })).rejects.toThrow('Undone');
    expect(api.calls.some((call) => call.method === 'DELETE')).toBe(false);
    expect(getView(V)).toBeDefined();
  });
});

describe("a view's list settings", () => {
  test('start from the view, know when edited, and go back to it', async () => {
    api.on('GET', `${base}/`, () => json(200, [viewRow()]));
    await fetchViews('acme', P);
    const source = { kind: 'view', projectId: P, viewId: V } as const;
    await loadListSettings('acme', source);
    expect(getListSettings(source).filters).toEqual({ priority: ['high'] });
    expect(differsFromView(getListSettings(source), getView(V)!, source)).toBe(false);
    updateFilters('acme', source, { priority: ['high', 'low'] });
    expect(differsFromView(getListSettings(source), getView(V)!, source)).toBe(true);
    // Edits of a view's list are not saved as the user's project settings.
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
    const token = getListSettings(source).fetchToken;
    resetListToView(source, getView(V)!);
    expect(getListSettings(source).filters).toEqual({ priority: ['high'] });
    expect(getListSettings(source).fetchToken).toBe(token + 1);
  });
});
