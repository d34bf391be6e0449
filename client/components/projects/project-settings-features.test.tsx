// @vitest-environment happy-dom
// Project settings "Features" and "Publish": a toggle PATCHes the project and rolls back with a
// toast when refused; publish posts the board options and shows the public link; non-admins cannot edit.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { installFakeApi, json } from '../../test-support/fake-api';
import { Locale, setLocale } from '../../i18n';
import { Toaster } from '../../ui/toaster';
import { useToastStore } from '../../stores/toast-store';
import { resetProjects, setProjects, type Project } from '../../stores/project-store';
import { resetDeployBoards } from '../../stores/deploy-board-store';
import { FeaturesSettings, PublishSettings } from './project-settings-features';
import { buildProject } from '../../test-support/wire-rows';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const P = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';
const projectUrl = `/api/workspaces/acme/projects/${P}/`;
const boardsUrl = `${projectUrl}project-deploy-boards/`;
const project = (patch: Partial<Project> = {}): Project => buildProject({ id: P, name: 'Apollo', identifier: 'AP', member_role: 20, is_member: true, module_view: true, cycle_view: true, page_view: false, ...patch });
const blankBoard = { id: null, anchor: null, is_comments_enabled: false, is_reactions_enabled: false, is_votes_enabled: false };

let container: HTMLDivElement;
let root: Root;
let api: ReturnType<typeof installFakeApi>;

beforeEach(() => {
  api = installFakeApi();
  setLocale(Locale.EN);
  resetProjects();
  resetDeployBoards();
  useToastStore.setState({ toasts: [] });
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
});

const box = (testId: string) => container.querySelector<HTMLInputElement>(`[data-testid="${testId}"]`)!;
/** A design-system checkbox (a button with role="checkbox"): its state is aria-checked. */
const checkbox = (testId: string) => {
  const element = box(testId);
  return { checked: element.getAttribute('aria-checked') === 'true', disabled: element.disabled, role: element.getAttribute('role') };
};
const click = (testId: string) => act(async () => box(testId).click());

describe('features settings', () => {
  test('renders every feature; a toggle PATCHes the project with just that feature', async () => {
    setProjects('acme', [project()]);
    api.on('PATCH', projectUrl, (call) => json(200, { ...project(), ...(call.body as object) }));
    await act(async () => root.render(<FeaturesSettings slug="acme" projectId={P} />));
    for (const key of ['module_view', 'cycle_view', 'issue_views_view', 'page_view', 'intake_view', 'is_time_tracking_enabled', 'guest_view_all_features']) {
      expect(box(`feature-${key}`)).not.toBeNull();
    }
    expect(checkbox('feature-page_view').role).toBe('checkbox');
    expect(checkbox('feature-page_view').checked).toBe(false);
    await click('feature-page_view');
    expect(checkbox('feature-page_view').checked).toBe(true);
    const patch = api.calls.find((call) => call.method === 'PATCH');
    expect(patch?.path).toBe(projectUrl);
    expect(patch?.body).toEqual({ page_view: true });
  });

  test('a refused toggle goes back and a toast says why', async () => {
    setProjects('acme', [project()]);
    api.on('PATCH', projectUrl, () => json(403, { error: "You don't have the required permissions." }));
    api.on('GET', '/api/workspaces/acme/projects/details/', () => json(200, [project()]));
    await act(async () => root.render(<><FeaturesSettings slug="acme" projectId={P} /><Toaster /></>));
    await click('feature-page_view');
    await vi.waitFor(() => expect(checkbox('feature-page_view').checked).toBe(false));
    await vi.waitFor(() => expect(container.querySelector('[data-testid="toast"]')?.textContent).toContain('The project could not be updated'));
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ page_view: true });
  });

  test('only time tracking, which has no screen, is shown as coming soon and cannot be flipped', async () => {
    setProjects('acme', [project({ is_time_tracking_enabled: true })]);
    await act(async () => root.render(<FeaturesSettings slug="acme" projectId={P} />));
    expect(checkbox('feature-is_time_tracking_enabled').disabled).toBe(true);
    expect(box('feature-soon-is_time_tracking_enabled')?.textContent).toBe('Coming soon');
    // The stored value still shows (the API keeps the toggle).
    expect(checkbox('feature-is_time_tracking_enabled').checked).toBe(true);
    await click('feature-is_time_tracking_enabled');
    expect(api.calls.some((call) => call.method === 'PATCH')).toBe(false);
  });

  test('cycles, modules and views have their screens: an admin turns each off and on here', async () => {
    let stored = project({ issue_views_view: true });
    setProjects('acme', [stored]);
    api.on('PATCH', projectUrl, (call) => json(200, (stored = { ...stored, ...(call.body as object) })));
    await act(async () => root.render(<FeaturesSettings slug="acme" projectId={P} />));
    for (const key of ['cycle_view', 'module_view', 'issue_views_view']) {
      expect(checkbox(`feature-${key}`).disabled).toBe(false);
      expect(box(`feature-soon-${key}`)).toBeNull();
      expect(checkbox(`feature-${key}`).checked).toBe(true);
      await click(`feature-${key}`);
      expect(checkbox(`feature-${key}`).checked).toBe(false);
      expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ [key]: false });
    }
    await click('feature-cycle_view');
    expect(checkbox('feature-cycle_view').checked).toBe(true);
    expect(api.calls.filter((call) => call.method === 'PATCH').at(-1)?.body).toEqual({ cycle_view: true });
  });

  test('intake has its screen: an admin turns it on here (the sidebar then offers the intake)', async () => {
    setProjects('acme', [project()]);
    api.on('PATCH', projectUrl, (call) => json(200, { ...project(), ...(call.body as object) }));
    await act(async () => root.render(<FeaturesSettings slug="acme" projectId={P} />));
    expect(checkbox('feature-intake_view').disabled).toBe(false);
    expect(box('feature-soon-intake_view')).toBeNull();
    await click('feature-intake_view');
    expect(checkbox('feature-intake_view').checked).toBe(true);
    expect(api.calls.find((call) => call.method === 'PATCH')?.body).toEqual({ intake_view: true });
  });

  test('a member sees the features but cannot change them', async () => {
    setProjects('acme', [project({ member_role: 15 })]);
    await act(async () => root.render(<FeaturesSettings slug="acme" projectId={P} />));
    expect(checkbox('feature-module_view').disabled).toBe(true);
    expect(container.textContent).toContain('Only project admins can change these settings.');
  });
});

describe('publish settings', () => {
  test('publish posts the chosen options and shows the public link; unpublish deletes the board', async () => {
    setProjects('acme', [project()]);
    api.on('GET', boardsUrl, () => json(200, blankBoard));
    api.on('POST', boardsUrl, (call) => json(200, { ...blankBoard, ...(call.body as object), id: B, anchor: 'abc123' }));
    api.on('DELETE', `${boardsUrl}${B}/`, () => json(204));
    await act(async () => root.render(<PublishSettings slug="acme" projectId={P} />));
    await vi.waitFor(() => expect(box('publish-status')?.textContent).toBe('This project is not published.'));
    await click('publish-is_votes_enabled');
    await click('publish-project');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ is_comments_enabled: false, is_reactions_enabled: false, is_votes_enabled: true });
    await vi.waitFor(() => expect(box('publish-link')?.value).toBe(`${location.origin}/spaces/abc123`));
    await click('unpublish-project');
    await vi.waitFor(() => expect(box('publish-status').textContent).toBe('This project is not published.'));
    expect(api.calls.some((call) => call.method === 'DELETE' && call.path === `${boardsUrl}${B}/`)).toBe(true);
  });

  test('a member sees whether it is published but gets no publish button', async () => {
    setProjects('acme', [project({ member_role: 15 })]);
    api.on('GET', boardsUrl, () => json(200, { ...blankBoard, id: B, anchor: 'abc123' }));
    await act(async () => root.render(<PublishSettings slug="acme" projectId={P} />));
    await vi.waitFor(() => expect(box('publish-status')?.textContent).toBe('This project is published.'));
    expect(box('unpublish-project')).toBeNull();
    expect(checkbox('publish-is_comments_enabled').disabled).toBe(true);
  });
});
