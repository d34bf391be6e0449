// @vitest-environment happy-dom
// Components over the stores: an inline edit shows at once and rolls back with a toast; a kanban
// board renders its columns and a live change moves a card between them.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { installFakeApi, json } from '../../test-support/fake-api';
import { Locale, setLocale } from '../../i18n';
import { Toaster } from '../../ui/toaster';
import { useToastStore } from '../../stores/toast-store';
import { closeWorkOutbox, discardOutboxEntry, useOutboxStore } from '../../outbox/work-outbox';
import { dispatchChange } from '../app-shell/live-connection';
import { applyIssueChange, resetIssues, scopeIssues, upsertIssues, type Issue } from '../../stores/issue-store';
import { setStates, type State } from '../../stores/state-store';
import { setProjects } from '../../stores/project-store';
import { defaultListSettings, useIssueFilterStore } from '../../stores/issue-filter-store';
import { useIssueListStore } from '../../stores/issue-list-store';
import { useIssue } from '../../stores/issue-store';
import { PriorityPicker } from './issue-properties';
import { QuickAdd } from './issue-parts';
import { KanbanLayout } from '../layouts/kanban/kanban-layout';
import { useGroupedIssues } from './use-issue-list';
import type { ListSource } from '../../stores/list-model';
import { buildProject } from '../../test-support/wire-rows';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const P = '11111111-1111-4111-8111-111111111111';
const issue = (id: string, patch: Partial<Issue> = {}): Issue => ({ id, name: `Issue ${id}`, sequence_id: 3, project_id: P, state_id: 's1', priority: 'none', sort_order: 65535, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: '2026-01-01T00:00:00Z', updated_at: '2026-01-01T00:00:00Z', version: 1, ...patch });
const state = (id: string, name: string, sequence: number): State => ({ id, name, project_id: P, color: '#999', group: 'backlog', default: false, sequence, workspace_id: 'w1', description: '', order: null, version: 1 });

let container: HTMLDivElement;
let root: Root;
let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
  closeWorkOutbox();
  setLocale(Locale.EN);
  resetIssues();
  scopeIssues('acme');
  useToastStore.setState({ toasts: [] });
  useIssueFilterStore.setState({ lists: {} });
  useIssueListStore.setState({ lists: {} });
  setProjects('acme', [buildProject({ id: P, name: 'Apollo', identifier: 'AP', member_role: 20, is_member: true })]);
  setStates('acme', [state('s1', 'Backlog', 1), state('s2', 'Todo', 2)]);
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

function PriorityHarness({ id }: { id: string }) {
  const row = useIssue(id);
  return row ? <PriorityPicker slug="acme" issue={row} /> : null;
}

describe('inline property edit', () => {
  test('the new priority shows at once; a refusal is toasted with the issue and kept as failed, and discarding puts the old one back', async () => {
    upsertIssues([issue('a', { name: 'Launch checklist' })]);
    let release!: () => void;
    api.on('PATCH', `/api/workspaces/acme/projects/${P}/issues/a/`, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(403, { error: "You don't have the required permissions." });
    });
    await act(async () => root.render(<><PriorityHarness id="a" /><Toaster /></>));
    const chip = () => container.querySelector<HTMLButtonElement>('[data-testid="priority-select"]')!;
    await act(async () => chip().click());
    const urgent = [...document.querySelectorAll<HTMLElement>('.picker-item')].find((item) => item.textContent === 'Urgent')!;
    await act(async () => urgent.click());
    expect(chip().getAttribute('aria-label')).toBe('Priority: Urgent');
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    await act(async () => release());
    await vi.waitFor(() => expect(useOutboxStore.getState().records[0]?.status).toBe('failed'));
    expect(chip().getAttribute('aria-label')).toBe('Priority: Urgent');
    await act(async () => discardOutboxEntry(useOutboxStore.getState().records[0]!.seq));
    await vi.waitFor(() => expect(chip().getAttribute('aria-label')).toBe('Priority: No priority'));
    // The toast renders in its own update: wait for it too (slow machines).
    await vi.waitFor(() => expect(container.querySelector('[data-testid="toast"]')?.textContent ?? '').toContain('Launch checklist'));
    const toast = container.querySelector('[data-testid="toast"]');
    expect(toast?.textContent).toContain("You don't have the required permissions.");
  });
});

describe('quick add', () => {
  // A list rebuilds its rows from live data, and a row may leave and come back while a create is
  // on its way (CI, a slow machine: the quick add closed and the refused name was gone).
  test('a refused name comes back into the open input, even when the row was drawn again meanwhile', async () => {
    let release!: () => void;
    api.on('POST', `/api/workspaces/acme/projects/${P}/issues/`, async () => {
      await new Promise<void>((resolve) => (release = resolve));
      return json(400, { name: ['Ensure this field has no more than 255 characters.'] });
    });
    const row = (key: string) => <QuickAdd key={key} slug="acme" projectId={P} groupPatch={{ state_id: 's1' }} />;
    await act(async () => root.render(row('first')));
    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid="quick-add"]')!.click());
    const input = () => container.querySelector<HTMLInputElement>('[data-testid="quick-add-input"]');
    const name = 'x'.repeat(300);
    await act(async () => {
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
      setValue.call(input()!, name);
      input()!.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await act(async () => input()!.form!.requestSubmit());
    expect(input()!.value).toBe('');
    await vi.waitFor(() => expect(release).toBeTypeOf('function'));
    // The row leaves the list and a new one is drawn for the same group.
    await act(async () => root.render(<></>));
    await act(async () => root.render(row('second')));
    await act(async () => release());
    await vi.waitFor(() => expect(input()?.value).toBe(name));
    // Escape closes it; opened again, the name is still there.
    await act(async () => input()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(input()).toBeNull();
    await act(async () => container.querySelector<HTMLButtonElement>('[data-testid="quick-add"]')!.click());
    expect(input()!.value).toBe(name);
  });
});

function Board({ source }: { source: ListSource }) {
  const list = useGroupedIssues('acme', source);
  const settings = { ...defaultListSettings(source), displayFilters: { ...defaultListSettings(source).displayFilters, layout: 'kanban' as const, group_by: 'state' as const }, loaded: true };
  return <KanbanLayout slug="acme" source={source} list={list} settings={settings} paging={{ status: 'ready', origin: 'cache', groupTotals: {}, pages: {}, perPage: 0, serverIds: new Set(), loadingGroups: [] }} canEdit canQuickAdd={false} projectId={P} onOpen={() => undefined} onLoadMore={() => undefined} />;
}

describe('kanban board', () => {
  test('renders a column per state and moves a card when a live change arrives', async () => {
    const source: ListSource = { kind: 'project', projectId: P };
    useIssueFilterStore.setState({ lists: { [`project:${P}`]: { ...defaultListSettings(source), displayFilters: { ...defaultListSettings(source).displayFilters, layout: 'kanban', group_by: 'state' }, loaded: true } } });
    upsertIssues([issue('a'), issue('b')]);
    await act(async () => root.render(<Board source={source} />));
    const cardsIn = (stateId: string) => [...container.querySelectorAll(`[data-testid="kanban-column-${stateId}"] [data-testid="kanban-card"]`)].map((node) => node.getAttribute('data-issue-id'));
    expect(cardsIn('s1').sort()).toEqual(['a', 'b']);
    expect(cardsIn('s2')).toEqual([]);
    await act(async () => dispatchChange({ type: 'change', id: 1, entity: 'issue', op: 'update', workspace: 'acme', project_id: P, version: 2, data: { ...issue('a'), state_id: 's2' } as unknown as Record<string, unknown>, client_mutation_id: null }));
    expect(cardsIn('s1')).toEqual(['b']);
    expect(cardsIn('s2')).toEqual(['a']);
    // An older replay of the same issue does not move it back.
    await act(async () => applyIssueChange({ type: 'change', id: 2, entity: 'issue', op: 'update', workspace: 'acme', project_id: P, version: 1, data: { ...issue('a') } as unknown as Record<string, unknown>, client_mutation_id: null }));
    expect(cardsIn('s2')).toEqual(['a']);
  });
});
