// @vitest-environment happy-dom
// A cycle's numbers refetch when the cycle changes; a refresh that fails keeps the numbers shown,
// and only a first read that fails says so.
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { act } from 'react';
import type { Cycle, CycleProgress } from '../../api/types';
import { Locale, setLocale } from '../../i18n';
import { installFakeApi, json } from '../../test-support/fake-api';
import { mountTestRoot, type TestRoot } from '../../test-support/react-root';
import { CycleNumbers } from './cycle-panel';

const P = '11111111-1111-4111-8111-111111111111';
const C = '33333333-3333-4333-8333-333333333333';
const progressUrl = `/api/workspaces/acme/projects/${P}/cycles/${C}/progress/`;
// Undated: the panel shows progress only, no burndown.
const cycle = (version: number) => ({ id: C, project_id: P, name: 'Sprint 1', start_date: null, end_date: null, version }) as unknown as Cycle;
const progress = (completed: number): CycleProgress => ({
  total_issues: 4, completed_issues: completed, cancelled_issues: 0, started_issues: 4 - completed, unstarted_issues: 0, backlog_issues: 0,
  total_estimate_points: 0, completed_estimate_points: 0, cancelled_estimate_points: 0, started_estimate_points: 0, unstarted_estimate_points: 0, backlog_estimate_points: 0,
});

let view: TestRoot;
let api: ReturnType<typeof installFakeApi>;
beforeEach(() => {
  api = installFakeApi();
  setLocale(Locale.EN);
  view = mountTestRoot();
});
afterEach(async () => {
  await view.unmount();
  vi.unstubAllGlobals();
});

/** Lets the panel's 150 ms wait and the fake API's answer pass, inside act. */
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 250)));
const total = () => view.container.querySelector('[data-testid="cycle-progress-total"]')?.textContent;

test('a failed refresh keeps the numbers shown', async () => {
  api.on('GET', progressUrl, () => json(200, progress(1)));
  await view.render(<CycleNumbers slug="acme" cycle={cycle(1)} />);
  await settle();
  const shown = total();
  expect(shown).toContain('1');

  api.on('GET', progressUrl, () => json(500, {}));
  await view.render(<CycleNumbers slug="acme" cycle={cycle(2)} />);
  await settle();
  expect(api.calls.filter((call) => call.path === progressUrl)).toHaveLength(2);
  expect(total()).toBe(shown);
  expect(view.container.querySelector('[role="alert"]')).toBeNull();
});

test('a first read that fails says so', async () => {
  api.on('GET', progressUrl, () => json(500, {}));
  await view.render(<CycleNumbers slug="acme" cycle={cycle(1)} />);
  await settle();
  expect(view.container.querySelector('[role="alert"]')?.textContent).toBeTruthy();
});
