// Offline edits that are never lost (issue 17, "Proof"), through the UI as a person works:
// Alice's browsers reach the server through a link the test can cut (support/cuttable-link.ts):
// going offline cuts it (nothing from that browser reaches the server, whoever in it asks) and sets
// the context offline (the page hears `offline`, `navigator.onLine` is false); coming back restores
// both. Chromium's offline emulation alone let an "offline" edit through during a reload or a
// navigation, in full suite runs only.
// 1. Alice goes offline (the service worker's own requests cannot reach the server either), edits
//    five issues (state, priority, labels), creates two with quick add and comments on
//    one of them in its peek (it still has a temporary id); the rows show them pending and the top
//    bar says how many changes wait and that the app is offline. She reloads the page while still
//    offline: the service worker starts the app from its precached shell and the API answers it last
//    saw, and the outbox shows the same pending edits from IndexedDB. Meanwhile a second browser adds
//    another label to one of the same issues. Back online every edit lands exactly once (one activity
//    row per change, no duplicate issue, the comment once on the real issue), the teammate's label
//    is kept, both browsers read the same issues.
// 2. A teammate deletes an issue that has a queued edit: back online the edit shows as failed with
//    the server's message; discarding it shows the server's view (the issue is gone).
// 3. An edit survives a reload that comes at once, while the frame after the click still renders.
// 4. Signing out with changes waiting asks first; another person signing in on the same browser
//    neither sees nor replays them; back as the first user they land. Offline, confirming cannot
//    sign out: nothing is discarded and a toast says so. Online, the server signs out first, then
//    the changes are discarded.
// 5. Signing out empties the worker's copy of the API: offline, the next visit cannot start from
//    the first user's data.
import { afterAll, afterEach, beforeAll, describe, expect, inject, test } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { firstPage, launchContext, openBrowser, screenshot } from './support/browser';
import { waitUntilKept } from './support/offline';
import { cuttableLink, type CuttableLink } from './support/cuttable-link';
import { byTestId, signIn, switchLayout } from './support/fresh';
import { api } from './support/team';
import { buildScreensTeam, createIssue, readIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';

const baseUrl = inject('e2eBaseUrl');

interface StoredIssue {
  id: string;
  name: string;
  state_id: string | null;
  priority: string;
  label_ids: string[];
}
interface Activity {
  field: string | null;
  new_value: string | null;
  verb: string;
}

describe('offline outbox', () => {
  let team: ScreensTeam;
  let link: CuttableLink;
  let context: BrowserContext;
  let page: Page;
  let states: Record<string, string>;
  let labels: Record<string, string>;
  const issuesPath = () => `/${team.slug}/projects/${team.projectId}/issues`;
  const row = (name: string) => page.locator('[data-testid="issue-row"]', { hasText: name });
  const chip = (name: string, property: string) => row(name).getByRole('button', { name: new RegExp(`^${property}:`) });
  // An unset property's chip shows only while its row is hovered or focused, as a person meets it.
  const openChip = async (name: string, property: string) => {
    await row(name).hover();
    await chip(name, property).click();
  };
  const option = (text: string) => page.locator('.picker-content').getByRole('option', { name: text });
  const history = async (issueId: string) => (await api<Activity[] | { results: Activity[] }>(team.setup, 'GET', `${team.projectPath}/issues/${issueId}/history/`)).body;
  const activities = async (issueId: string) => {
    const body = await history(issueId);
    return Array.isArray(body) ? body : body.results;
  };
  /** The network goes for `browser` (and every browser on the link): the link is cut and the page is told. */
  const goOffline = async (browser: BrowserContext) => {
    link.cut();
    await browser.setOffline(true);
  };
  /** The network is back: the link first, so the page's `online` finds the server there. */
  const goOnline = async (browser: BrowserContext) => {
    link.restore();
    await browser.setOffline(false);
  };
  const openList = async () => {
    page = await firstPage(context);
    await page.goto(issuesPath());
    await switchLayout(page, 'list');
  };

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'obx', 'OBX');
    const rows = (await api<{ id: string; name: string }[]>(team.setup, 'GET', `${team.projectPath}/states/`)).body;
    states = Object.fromEntries(rows.map((state) => [state.name, state.id]));
    labels = {};
    for (const name of ['Backend', 'Frontend', 'Teammate']) {
      const created = await api<{ id: string }>(team.setup, 'POST', `${team.projectPath}/issue-labels/`, { name, color: '#16a34a' });
      expect(created.status).toBe(201);
      labels[name] = created.body.id;
    }
    link = await cuttableLink(baseUrl);
    context = await launchContext(link.url);
    page = await firstPage(context);
    await signIn(page, team.alice.email, TEAM_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([context?.close(), team?.setupContext.close()]);
    await link?.close();
  });

  // A failed journey never leaves the next one offline.
  afterEach(async () => {
    link?.restore();
    await context?.setOffline(false);
  });

  test('offline edits of five issues, two creates and a comment on one survive a reload while offline and land exactly once, keeping a teammate\'s label', async () => {
    const names = ['Offline one', 'Offline two', 'Offline three', 'Offline four', 'Offline five'];
    const ids: Record<string, string> = {};
    for (const name of names) ids[name] = await createIssue(team, { name, state_id: states.Todo });
    await openList();
    for (const name of names) await row(name).waitFor();
    // The service worker takes over this first visit (and keeps what it read) once it is installed.
    await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('trellis-api-1')).keys()).length), { timeout: 15_000 }).toBeGreaterThan(3);
    // Every read the app starts from is kept before the network goes: the worker copies what the
    // page read before it took over in the background, and a copy still on its way when the
    // network goes is lost (the offline reload then had no answer for it and showed no rows).
    const startReads = ['/api/instances/', '/api/users/me/', '/api/users/me/profile/', '/api/users/me/workspaces/', `/api/workspaces/${team.slug}/projects/details/`, `${team.projectPath}/states/`, `${team.projectPath}/issue-labels/`, `${team.projectPath}/members/`, `${team.projectPath}/estimates/`];
    await waitUntilKept(page, startReads);

    await goOffline(context);
    // Offline means offline for the worker too: it cannot reach the server either.
    const worker = context.serviceWorkers()[0]!;
    expect(await worker.evaluate(() => fetch('/api/users/me/').then((answer) => `answered ${answer.status}`, () => 'unreachable'))).toBe('unreachable');

    await openChip('Offline one', 'State');
    await option('In Progress').click();
    await openChip('Offline two', 'Priority');
    await option('High').click();
    await openChip('Offline three', 'Labels');
    await option('Backend').click();
    await page.keyboard.press('Escape');
    await openChip('Offline four', 'State');
    await option('Done').click();
    await openChip('Offline five', 'Labels');
    await option('Frontend').click();
    await page.keyboard.press('Escape');
    for (const created of ['Made offline A', 'Made offline B']) {
      if (!(await byTestId(page, 'quick-add-input').count())) await byTestId(page, 'quick-add').first().click();
      await byTestId(page, 'quick-add-input').fill(created);
      await byTestId(page, 'quick-add-input').press('Enter');
      await row(created).waitFor();
    }
    await page.keyboard.press('Escape');

    // A comment on an issue made offline (it has a temporary id), written in its peek.
    await row('Made offline A').locator('.issue-title').click();
    const peek = byTestId(page, 'issue-peek');
    await peek.waitFor();
    await peek.locator('[data-testid="comment-input"]').fill('Written on the train');
    await peek.locator('[data-testid="comment-submit"]').click();
    await peek.locator('[data-testid="comment"]', { hasText: 'Written on the train' }).waitFor();
    await page.keyboard.press('Escape');
    await peek.waitFor({ state: 'detached' });

    const waitingShown = async () => {
      await expect.poll(() => byTestId(page, 'outbox-indicator').getAttribute('data-waiting'), { timeout: 15_000 }).toBe('8');
      await byTestId(page, 'outbox-offline').waitFor();
      expect(await page.locator('[data-testid="outbox-row-pending"]').count()).toBeGreaterThanOrEqual(7);
      for (const created of ['Made offline A', 'Made offline B']) await row(created).waitFor();
      expect(await chip('Offline two', 'Priority').getAttribute('aria-label')).toMatch(/High/);
    };
    await waitingShown();
    await screenshot(page, 'offline-outbox-waiting');
    // Nothing reached the server.
    expect((await readIssue<StoredIssue>(team, ids['Offline two']!)).priority).toBe('none');

    // Reload while still offline: the app starts from the worker's copy and shows the same pending edits.
    await page.waitForTimeout(500);
    await page.reload();
    for (const name of names) await row(name).waitFor({ timeout: 30_000 });
    await waitingShown();
    await screenshot(page, 'offline-outbox-reloaded-offline');
    // Still nothing on the server: the reload, offline, sent nothing (the teammate's change below
    // must come after Alice's, never before it).
    expect((await readIssue<StoredIssue>(team, ids['Offline two']!)).priority).toBe('none');
    expect((await activities(ids['Offline two']!)).filter((row) => row.field === 'priority')).toHaveLength(0);

    // Meanwhile, in a second browser: another label on issue three, and another priority on issue
    // two (the same scalar field Alice changed offline: her later replay wins, the feed shows both).
    expect((await api(team.setup, 'PATCH', `${team.projectPath}/issues/${ids['Offline three']}/`, { label_ids: [labels.Teammate] })).status).toBe(200);
    expect((await api(team.setup, 'PATCH', `${team.projectPath}/issues/${ids['Offline two']}/`, { priority: 'low' })).status).toBe(200);

    await goOnline(context);
    await expect.poll(async () => (await readIssue<StoredIssue>(team, ids['Offline two']!)).priority, { timeout: 60_000 }).toBe('high');
    await expect.poll(() => byTestId(page, 'outbox-indicator').count(), { timeout: 60_000 }).toBe(0);

    const stored = Object.fromEntries(await Promise.all(names.map(async (name) => [name, await readIssue<StoredIssue>(team, ids[name]!)] as const)));
    expect(stored['Offline one']!.state_id).toBe(states['In Progress']);
    expect(stored['Offline four']!.state_id).toBe(states.Done);
    expect(stored['Offline three']!.label_ids.sort()).toEqual([labels.Backend, labels.Teammate].sort());
    expect(stored['Offline five']!.label_ids).toEqual([labels.Frontend]);

    // One activity row per change, none replayed twice.
    const count = async (name: string, field: string) => (await activities(ids[name]!)).filter((row) => row.field === field).length;
    expect(await count('Offline one', 'state')).toBe(1);
    expect((await activities(ids['Offline two']!)).filter((row) => row.field === 'priority').map((row) => row.new_value).sort()).toEqual(['high', 'low']);
    expect(await count('Offline four', 'state')).toBe(1);
    expect(await count('Offline five', 'labels')).toBe(1);
    expect(await count('Offline three', 'labels')).toBe(2);
    const all = (await api<StoredIssue[] | { results: StoredIssue[] }>(team.setup, 'GET', `${team.projectPath}/issues/?per_page=100`)).body;
    const list = Array.isArray(all) ? all : all.results;
    const madeA = list.filter((issue) => issue.name === 'Made offline A');
    expect(madeA).toHaveLength(1);
    expect(list.filter((issue) => issue.name === 'Made offline B')).toHaveLength(1);
    // The comment landed once, on the real issue its temporary id became.
    const comments = (await api<{ comment_html: string }[]>(team.setup, 'GET', `${team.projectPath}/issues/${madeA[0]!.id}/comments/`)).body;
    expect(comments.filter((comment) => comment.comment_html.includes('Written on the train'))).toHaveLength(1);

    // Both browsers show the same issues: the rows here are the server's.
    for (const issue of list) await row(issue.name).waitFor();
    expect(await page.locator('[data-testid="issue-row"]').count()).toBe(list.length);
    // …with the same properties: the teammate's browser opens the same list.
    await team.setup.goto(issuesPath());
    await switchLayout(team.setup, 'list');
    const shown = async (on: Page) =>
      Object.fromEntries(
        await Promise.all(
          [...names, 'Made offline A', 'Made offline B'].map(async (name) => {
            const chips = on.locator('[data-testid="issue-row"]', { hasText: name }).getByRole('button', { name: /^(State|Priority|Labels):/ });
            await chips.first().waitFor();
            return [name, (await chips.evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')))).join(' | ')] as const;
          }),
        ),
      );
    await expect.poll(async () => JSON.stringify(await shown(page)), { timeout: 15_000 }).toBe(JSON.stringify(await shown(team.setup)));
    const three = (await shown(page))['Offline three']!;
    expect(three).toMatch(/Backend/);
    expect(three).toMatch(/Teammate/);
    expect((await shown(page))['Offline two']).toMatch(/Priority: High/);
    await screenshot(page, 'offline-outbox-landed');
  }, 300_000);

  test('an edit of an issue a teammate deleted meanwhile shows as failed with the server\'s message; discard shows the server\'s view', async () => {
    const issueId = await createIssue(team, { name: 'Doomed issue' });
    await openList();
    await row('Doomed issue').waitFor();
    await goOffline(context);
    await openChip('Doomed issue', 'Priority');
    await option('Urgent').click();
    await expect.poll(() => byTestId(page, 'outbox-indicator').getAttribute('data-waiting'), { timeout: 10_000 }).toBe('1');
    expect((await api(team.setup, 'DELETE', `${team.projectPath}/issues/${issueId}/`, {})).status).toBe(204);
    // What the server says to that edit now.
    const refusal = await api<{ error?: string; detail?: string }>(team.setup, 'PATCH', `${team.projectPath}/issues/${issueId}/`, { priority: 'urgent' });
    expect(refusal.status).toBe(404);
    await goOnline(context);
    await expect.poll(() => byTestId(page, 'outbox-indicator').getAttribute('data-failed'), { timeout: 60_000 }).toBe('1');
    await byTestId(page, 'outbox-indicator').click();
    const entry = byTestId(page, 'outbox-entry');
    await entry.waitFor();
    expect(await entry.getAttribute('data-status')).toBe('failed');
    expect(await byTestId(page, 'outbox-entry-error').textContent()).toBe(refusal.body.error ?? refusal.body.detail);
    await screenshot(page, 'offline-outbox-failed');
    await byTestId(page, 'outbox-discard').click();
    await expect.poll(() => row('Doomed issue').count(), { timeout: 15_000 }).toBe(0);
    await expect.poll(() => byTestId(page, 'outbox-indicator').count()).toBe(0);
  }, 180_000);
  test('an edit kept when the page reloads at once, while the frame after the click still renders: it lands exactly once', async () => {
    const issueId = await createIssue(team, { name: 'Reloaded at once' });
    // Without the service worker (a first visit, a browser without one), which would keep the old
    // page alive while it answers the reload.
    const own = await openBrowser(baseUrl, { serviceWorkers: 'block' });
    const page = own.page;
    const row = (name: string) => page.locator('[data-testid="issue-row"]', { hasText: name });
    const outboxIndicator = () => byTestId(page, 'outbox-indicator');
    await signIn(page, team.alice.email, TEAM_PASSWORD);
    await page.goto(issuesPath());
    await switchLayout(page, 'list');
    await row('Reloaded at once').hover();
    await row('Reloaded at once').getByRole('button', { name: /^Priority:/ }).click();
    await page.locator('.picker-content').getByRole('option', { name: 'Urgent' }).waitFor();
    let edited!: () => void;
    const clicked = new Promise<void>((resolve) => (edited = resolve));
    await page.exposeFunction('outboxSpecEdited', () => edited());
    // The click, then a long frame after it (a large board re-rendering on a slow machine); the
    // reload below arrives while that frame is still being made.
    void page
      .evaluate(() => {
        const urgent = [...document.querySelectorAll<HTMLElement>('.picker-content [role="option"]')].find((item) => item.textContent?.includes('Urgent'));
        urgent!.click();
        void (window as unknown as { outboxSpecEdited(): Promise<void> }).outboxSpecEdited();
        queueMicrotask(() => {
          const end = performance.now() + 400;
          while (performance.now() < end);
        });
      })
      .catch(() => undefined);
    await clicked;
    try {
      await page.reload();
      await row('Reloaded at once').waitFor();
      await expect.poll(async () => (await readIssue<StoredIssue>(team, issueId)).priority, { timeout: 30_000 }).toBe('urgent');
      await expect.poll(() => outboxIndicator().count(), { timeout: 30_000 }).toBe(0);
      expect((await activities(issueId)).filter((activity) => activity.field === 'priority')).toHaveLength(1);
      expect(own.errors).toEqual([]);
    } finally {
      await own.context.close();
    }
  }, 120_000);

  test('signing out with a change waiting asks first; another person signing in on this browser neither sees nor replays it; back as Alice it lands; offline, confirming keeps it (sign-out needs the server); online, confirming signs out, then discards', async () => {
    // Its own browser, as Alice: the journey signs people in and out and toggles the network, and
    // must not depend on (or leave anything to) what the journeys before it did in theirs. Without
    // the service worker, so that the context's route below sees every PATCH the page sends (this
    // journey needs no offline start; the one above and the one below keep the worker).
    const journey = await launchContext(link.url, { serviceWorkers: 'block' });
    const openJourneyList = async () => {
      page = await firstPage(journey);
      await page.goto(issuesPath());
      await switchLayout(page, 'list');
    };
    page = await firstPage(journey);
    await signIn(page, team.alice.email, TEAM_PASSWORD);
    try {
      const issueId = await createIssue(team, { name: 'Waiting at sign-out' });
      // The issue's server answers this browser 503 until Alice is back (online too, further down):
      // the change must still be waiting then.
      const issueUrl = `**${team.projectPath}/issues/${issueId}/`;
      const unreachable = (route: Route) => (route.request().method() === 'PATCH' ? route.fulfill({ status: 503, body: '{}' }) : route.fallback());
      await journey.route(issueUrl, unreachable);
      await openJourneyList();
      await row('Waiting at sign-out').waitFor();
      await goOffline(journey);
      await openChip('Waiting at sign-out', 'Priority');
      await option('Low').click();
      await page.keyboard.press('Escape');
      await expect.poll(() => byTestId(page, 'outbox-indicator').getAttribute('data-waiting'), { timeout: 10_000 }).toBe('1');

      // Sign-out asks before discarding; cancelling keeps the change.
      await byTestId(page, 'sign-out-button').click();
      const dialog = byTestId(page, 'confirm-dialog');
      await dialog.waitFor();
      expect(await dialog.textContent()).toContain('1 change has not reached the server yet');
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(await byTestId(page, 'outbox-indicator').getAttribute('data-waiting')).toBe('1');

      // Alice's session ends without a sign-out (it expired); Carol signs in on this browser.
      await page.goto('about:blank');
      await journey.clearCookies();
      await goOnline(journey);
      await signIn(page, team.carol.email, TEAM_PASSWORD);
      // Carol is a guest: the project's list shows her only her own issues, but the shell opens her
      // outbox of this workspace as it does for anyone.
      await page.goto(issuesPath());
      await byTestId(page, 'sign-out-button').waitFor({ timeout: 30_000 });
      // Time for an outbox to open and replay, were it Carol's to see.
      await page.waitForTimeout(3000);
      expect(await byTestId(page, 'outbox-indicator').count()).toBe(0);
      expect((await readIssue<StoredIssue>(team, issueId)).priority).toBe('none');
      expect((await activities(issueId)).filter((activity) => activity.field === 'priority')).toHaveLength(0);

      // Carol signs out (nothing of hers waits: no question); Alice is back and her change lands once.
      await journey.unroute(issueUrl, unreachable);
      await byTestId(page, 'sign-out-button').click();
      await page.waitForURL((url) => url.pathname === '/');
      await signIn(page, team.alice.email, TEAM_PASSWORD);
      await openJourneyList();
      await expect.poll(async () => (await readIssue<StoredIssue>(team, issueId)).priority, { timeout: 30_000 }).toBe('low');
      await expect.poll(() => byTestId(page, 'outbox-indicator').count(), { timeout: 30_000 }).toBe(0);
      expect((await activities(issueId)).filter((activity) => activity.field === 'priority')).toHaveLength(1);

      // Offline, confirming cannot sign out (that needs the server): nothing is discarded, the page
      // stays and says so, the change still waits.
      await journey.route(issueUrl, unreachable);
      await goOffline(journey);
      await openChip('Waiting at sign-out', 'Priority');
      await option('High').click();
      await page.keyboard.press('Escape');
      await expect.poll(() => byTestId(page, 'outbox-indicator').getAttribute('data-waiting'), { timeout: 10_000 }).toBe('1');
      await byTestId(page, 'sign-out-button').click();
      await byTestId(page, 'confirm-dialog').waitFor();
      await byTestId(page, 'confirm-button').click();
      await page.getByText("You're offline — sign out needs the server; your 1 change is kept").waitFor({ timeout: 15_000 });
      await byTestId(page, 'confirm-dialog').waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe(issuesPath());
      expect(await byTestId(page, 'outbox-indicator').getAttribute('data-waiting')).toBe('1');

      // Back online (the issue's server answers 503 meanwhile, so the change still waits), confirming
      // signs out first and then discards: nothing of it is sent after signing in again.
      await goOnline(journey);
      await byTestId(page, 'sign-out-button').click();
      await byTestId(page, 'confirm-dialog').waitFor();
      await byTestId(page, 'confirm-button').click();
      await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
      await journey.unroute(issueUrl);
      await signIn(page, team.alice.email, TEAM_PASSWORD);
      await openJourneyList();
      await row('Waiting at sign-out').waitFor({ timeout: 30_000 });
      await page.waitForTimeout(3000);
      expect(await byTestId(page, 'outbox-indicator').count()).toBe(0);
      expect(await chip('Waiting at sign-out', 'Priority').getAttribute('aria-label')).toMatch(/Low/);
      expect((await readIssue<StoredIssue>(team, issueId)).priority).toBe('low');
    } finally {
      await journey.close();
    }
  }, 180_000);

  test('signing out empties the offline copy of the API: offline, the next visit does not start from the first user\'s data', async () => {
    await openList();
    await row('Offline one').waitFor();
    await expect.poll(() => page.evaluate(async () => (await (await caches.open('trellis-api-1')).keys()).length), { timeout: 15_000 }).toBeGreaterThan(3);
    // Every read the app starts from is kept before the network goes: the worker copies what the
    // page read before it took over in the background, and a copy still on its way when the
    // network goes is lost (the offline reload then had no answer for it and showed no rows).
    const startReads = ['/api/instances/', '/api/users/me/', '/api/users/me/profile/', '/api/users/me/workspaces/', `/api/workspaces/${team.slug}/projects/details/`, `${team.projectPath}/states/`, `${team.projectPath}/issue-labels/`, `${team.projectPath}/members/`, `${team.projectPath}/estimates/`];
    await waitUntilKept(page, startReads);
    await byTestId(page, 'sign-out-button').click();
    await page.waitForURL((url) => url.pathname === '/');
    await byTestId(page, 'email-input').waitFor();
    const kept = await page.evaluate(async () => (await (await caches.open('trellis-api-1')).keys()).map((request) => new URL(request.url).pathname));
    expect(kept.filter((path) => path !== '/api/users/me/' && path !== '/api/instances/')).toEqual([]);
    await goOffline(context);
    try {
      await page.goto(issuesPath());
      await byTestId(page, 'retry-button').or(byTestId(page, 'email-input')).first().waitFor({ timeout: 30_000 });
      expect(await page.locator('[data-testid="issue-row"]').count()).toBe(0);
      expect(await page.getByText('Offline one').count()).toBe(0);
    } finally {
      await goOnline(context);
    }
  }, 120_000);
});
