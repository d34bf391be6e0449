// @vitest-environment happy-dom
// The intake detail pane: a skeleton while a submission opens (a slower, earlier click does not
// replace the later one), "snoozed until" in the app's language, and the duplicate picker asking the
// server's search as the person types (never offering the submission's own issue).
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { installFakeApi, json } from '../../test-support/fake-api';
import { mountTestRoot, type TestRoot } from '../../test-support/react-root';
import { Locale, setLocale } from '../../i18n';
import { resetProjects, setProjects } from '../../stores/project-store';
import { clearIntakeDetail, fetchIntakeDetail, useIntakeList } from '../../stores/intake-store';
import type { IntakeIssueDetail } from '../../api/types';
import { IntakeStatus } from '../../../shared/issue-constants';
import { IntakeDetailPane } from './intake-detail';
import { buildProject } from '../../test-support/wire-rows';

const P = '11111111-1111-4111-8111-111111111111';
const OWN = '33333333-3333-4333-8333-333333333333';
const OTHER = '44444444-4444-4444-8444-444444444444';
const base = `/api/workspaces/acme/projects/${P}/intake-issues/`;
const SNOOZED_TILL = '2031-03-04T15:05:00.000Z';

const detail = (patch: Partial<IntakeIssueDetail> = {}): IntakeIssueDetail =>
  ({
    id: '55555555-5555-4555-8555-555555555555',
    status: IntakeStatus.PENDING,
    snoozed_till: null,
    duplicate_to: null,
    source: 'IN_APP',
    duplicate_issue_detail: null,
    issue: { id: OWN, name: 'Login is slow', priority: 'none', sequence_id: 7, project_id: P, created_at: '2030-01-01T00:00:00Z', label_ids: [], created_by: null, description_html: '<p></p>' },
    ...patch,
  }) as unknown as IntakeIssueDetail;

let view: TestRoot;
let api: ReturnType<typeof installFakeApi>;
beforeEach(async () => {
  api = installFakeApi();
  await setLocale(Locale.EN);
  resetProjects();
  setProjects('acme', [buildProject({ id: P, name: 'Apollo', identifier: 'AP', member_role: 20, is_member: true, intake_view: true })]);
  clearIntakeDetail();
  view = mountTestRoot();
});
afterEach(async () => {
  await view.unmount();
  vi.unstubAllGlobals();
});

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`);

describe('intake detail pane', () => {
  test('a skeleton while the submission opens; the last one clicked wins over a slower earlier answer', async () => {
    const answers = new Map<string, (value: unknown) => void>();
    api.on('GET', new RegExp(`^${base}`), (call) => new Promise((resolve) => answers.set(call.path, resolve)) as never);
    await view.render(<IntakeDetailPane workspaceSlug="acme" projectId={P} />);
    expect(byTestId('intake-detail-loading')).toBeNull();
    const first = fetchIntakeDetail('acme', P, OWN);
    const second = fetchIntakeDetail('acme', P, OTHER);
    await vi.waitFor(() => expect(answers.size).toBe(2));
    await act(async () => undefined);
    expect(byTestId('intake-detail-loading')).not.toBeNull();
    expect(view.container.querySelector('[role="status"]')?.getAttribute('aria-label')).toBe('Loading…');
    answers.get(`${base}${OTHER}/`)!(json(200, detail({ issue: { ...detail().issue, id: OTHER, name: 'The later one' } })));
    await act(async () => void (await second));
    answers.get(`${base}${OWN}/`)!(json(200, detail()));
    await act(async () => void (await first));
    expect(byTestId('intake-detail-loading')).toBeNull();
    expect(byTestId('intake-detail-name')?.textContent).toBe('The later one');
  });

  test('"snoozed until" is written in the app language', async () => {
    await setLocale(Locale.ZH_CN);
    useIntakeList.setState({ detail: detail({ status: IntakeStatus.SNOOZED, snoozed_till: SNOOZED_TILL }) });
    await view.render(<IntakeDetailPane workspaceSlug="acme" projectId={P} />);
    const expected = new Intl.DateTimeFormat('zh-CN', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(SNOOZED_TILL));
    expect(byTestId('intake-detail-snoozed-till')?.textContent).toBe(`直到 ${expected}`);
  });

  test('the duplicate picker asks the server as the person types and leaves out the submission itself', async () => {
    api.on('GET', `/api/workspaces/acme/projects/${P}/search-issues/`, (call) => {
      const search = call.query.get('search') ?? '';
      const rows = [
        { id: OWN, name: 'Login is slow', sequence_id: 7, project_id: P },
        { id: OTHER, name: 'Login takes ages', sequence_id: 912, project_id: P },
      ];
      return json(200, rows.filter((row) => row.name.toLowerCase().includes(search.toLowerCase())));
    });
    api.on('PATCH', `${base}${OWN}/`, (call) => json(200, detail({ ...(call.body as object), duplicate_issue_detail: { id: OTHER, name: 'Login takes ages', sequence_id: 912 } } as never)));
    useIntakeList.setState({ detail: detail() });
    await view.render(<IntakeDetailPane workspaceSlug="acme" projectId={P} />);
    await act(async () => (byTestId('intake-duplicate') as HTMLButtonElement).click());
    const input = document.querySelector<HTMLInputElement>('[data-testid="intake-duplicate-picker"] input')!;
    await act(async () => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, 'ages');
      input.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await vi.waitFor(() => expect(api.calls.some((call) => call.path.endsWith('/search-issues/') && call.query.get('search') === 'ages')).toBe(true));
    await vi.waitFor(() => expect(byTestId(`intake-duplicate-picker-option-${OTHER}`)?.textContent).toBe('AP-912 Login takes ages'));
    // Before typing, the newest issues came back, and the submission's own issue was not among the options.
    expect(byTestId(`intake-duplicate-picker-option-${OWN}`)).toBeNull();
    await act(async () => input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true })));
    await vi.waitFor(() => expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ status: IntakeStatus.DUPLICATE, duplicate_to: OTHER }));
  });
});
