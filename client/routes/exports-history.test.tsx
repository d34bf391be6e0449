// @vitest-environment happy-dom
// The exports screen's history while an export runs: its progress (a bar and "done of total") follows
// the polled history, then the finished row offers its download. An export of a few issues finishes
// too fast for the browser journey to see the running state, so it is checked here. An export whose
// file is gone (the server lists it expired) offers "Export again" instead of a dead link.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { installFakeApi, json } from '../test-support/fake-api';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import { Locale, setLocale } from '../i18n';
import { resetExports } from '../stores/export-store';
import { ExportHistory } from './exports-settings-page';

const row = (patch: Record<string, unknown>) => ({
  id: '66666666-6666-4666-8666-666666666666',
  workspace: '77777777-7777-4777-8777-777777777777',
  provider: 'csv',
  project: ['11111111-1111-4111-8111-111111111111'],
  status: 'processing',
  total_count: 1000,
  exported_count: 250,
  url: null,
  reason: '',
  created_at: '2030-01-01T10:00:00Z',
  updated_at: '2030-01-01T10:00:01Z',
  ...patch,
});

let view: TestRoot;
beforeEach(async () => {
  await setLocale(Locale.EN);
  resetExports();
  view = mountTestRoot();
});
afterEach(async () => {
  await view.unmount();
  vi.unstubAllGlobals();
});

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);
const page = (results: unknown[]) => ({ results, total_count: results.length, next_cursor: '50:1:0', prev_cursor: '50:-1:1', next_page_results: false, prev_page_results: false, count: results.length, total_pages: 1, total_results: results.length, extra_stats: null });

describe('export history', () => {
  test('a running export shows its progress, and the finished one its download, by polling', async () => {
    const api = installFakeApi();
    let current = row({});
    api.on('GET', '/api/workspaces/acme/export-issues/', () => json(200, { results: [current], total_count: 1, next_cursor: '50:1:0', prev_cursor: '50:-1:1', next_page_results: false, prev_page_results: false, count: 1, total_pages: 1, total_results: 1, extra_stats: null }));
    const { fetchExports } = await import('../stores/export-store');
    await fetchExports('acme');
    await view.render(<ExportHistory workspaceSlug="acme" />);
    await vi.waitFor(() => expect(byTestId('export-progress')?.textContent).toBe('250 of 1,000 issues'));
    expect((document.querySelector('progress') as HTMLProgressElement).value).toBe(25);
    expect(byTestId('export-download')).toBeNull();

    current = row({ status: 'completed', exported_count: 1000, url: '/api/workspaces/acme/export-issues/x/download/' });
    await vi.waitFor(() => expect(byTestId('export-download')).not.toBeNull(), { timeout: 5_000 });
    expect(byTestId('export-progress')).toBeNull();
    expect(byTestId('export-status')?.textContent).toBe('Ready');
  });

  test('an expired export shows no link and exports the same projects and format again', async () => {
    const api = installFakeApi();
    const projects = ['11111111-1111-4111-8111-111111111111', '22222222-2222-4222-8222-222222222222'];
    api.on('GET', '/api/workspaces/acme/export-issues/', () => json(200, page([row({ status: 'expired', provider: 'json', project: projects, reason: 'The file of this export is no longer stored.' })])));
    api.on('POST', '/api/workspaces/acme/export-issues/', () => json(200, { message: 'Once the export is ready you will be able to download it' }));
    const { fetchExports } = await import('../stores/export-store');
    await fetchExports('acme');
    await view.render(<ExportHistory workspaceSlug="acme" />);
    await vi.waitFor(() => expect(byTestId('export-status')?.textContent).toBe('Expired'));
    expect(byTestId('export-download')).toBeNull();
    (byTestId('export-again') as HTMLButtonElement).click();
    await vi.waitFor(() => expect(api.calls.some((call) => call.method === 'POST')).toBe(true));
    expect(api.calls.find((call) => call.method === 'POST')!.body).toEqual({ provider: 'json', project: projects });
  });
});
