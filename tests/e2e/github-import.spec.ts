// Issue #15 GitHub import, tried as a new project admin would: project → Settings → Integrations,
// link a repository of a loopback server that speaks GitHub's REST API (tests/support/github.ts,
// given as the GitHub Enterprise API URL), start the import and watch its counts, then find the
// imported issues on the board with their labels, and an issue's GitHub comments and source link.
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, openProjectSection, switchLayout, type FreshVisit } from './support/fresh';
import { buildScreensTeam, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';
import { startFakeGithub, type FakeGithub } from '../support/github';

const baseUrl = inject('e2eBaseUrl');

describe('GitHub import screen', () => {
  let team: ScreensTeam;
  let github: FakeGithub;
  let visit: FreshVisit | null = null;

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'ghimp', 'GHI');
    github = await startFakeGithub();
    github.maxPerPage = 2;
    const repo = github.repo('acme', 'website');
    const bug = github.addLabel(repo, 'bug', 'd73a4a');
    const enhancement = github.addLabel(repo, 'enhancement', 'a2eeef');
    const login = github.addIssue(repo, { title: 'Login fails on Safari', body: 'Clicking "Sign in" does nothing.', labels: [bug] });
    github.addIssue(repo, { title: 'Add dark mode', labels: [enhancement] });
    github.addIssue(repo, { title: 'Broken footer link', state: 'closed', labels: [bug] });
    const pr = github.addIssue(repo, { title: 'Fix Safari login', pullRequest: true });
    github.addComment(repo, login, 'Reproduced on Safari 17.', 'alice-gh');
    github.addComment(repo, login, 'Fixed by the pull request.', 'bob-gh');
    github.addComment(repo, pr, 'Looks good');
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), visit?.context.close()]);
    await github?.close();
  });

  test('import a repository and see its issues, labels and comments on the board', async () => {
    visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/projects/${team.projectId}/issues`);
    const { page, errors } = visit;
    await openProjectSection(page, 'settings');
    await byTestId(page, 'settings-tab-integrations').click();
    await byTestId(page, 'github-integration').locator('[data-testid="empty-state"]').waitFor();
    await screenshot(page, 'github-import-empty');

    // Starting without a token says what is missing.
    await byTestId(page, 'github-owner').fill('acme');
    await byTestId(page, 'github-repo').fill('website');
    await byTestId(page, 'github-start-import').click();
    await expect.poll(() => byTestId(page, 'github-link-form').textContent()).toContain('This field is required.');

    await byTestId(page, 'github-token').fill(github.token);
    await byTestId(page, 'github-base-url').fill(github.url);
    await byTestId(page, 'github-start-import').click();
    await expect.poll(() => byTestId(page, 'github-sync-status').textContent(), { timeout: 60_000 }).toBe('Up to date');
    expect(await byTestId(page, 'github-sync-repo').textContent()).toBe('acme/website');
    expect(await byTestId(page, 'github-count-issues_imported').textContent()).toBe('3');
    expect(await byTestId(page, 'github-count-comments_imported').textContent()).toBe('2');
    expect(await byTestId(page, 'github-count-labels_imported').textContent()).toBe('2');
    expect(await byTestId(page, 'github-count-pull_requests_skipped').textContent()).toBe('1');
    // The token is never shown again; the page now says one is stored.
    expect(await page.content()).not.toContain(github.token);
    await screenshot(page, 'github-import-done');

    await openProjectSection(page, 'issues');
    await switchLayout(page, 'kanban');
    const card = (name: string) => page.locator('[data-testid="kanban-card"]', { hasText: name });
    await card('Login fails on Safari').waitFor();
    await card('Add dark mode').waitFor();
    expect(await page.locator('[data-testid="kanban-card"]', { hasText: 'Fix Safari login' }).count()).toBe(0);
    await expect.poll(() => card('Login fails on Safari').textContent()).toContain('bug');
    await expect.poll(() => card('Add dark mode').textContent()).toContain('enhancement');
    await screenshot(page, 'github-import-board');

    await card('Login fails on Safari').click();
    const comments = page.locator('[data-testid="comment"]');
    await expect.poll(() => comments.count(), { timeout: 20_000 }).toBe(2);
    expect(await comments.first().textContent()).toContain('alice-gh');
    expect(await comments.nth(1).textContent()).toContain('Fixed by the pull request.');
    await expect.poll(() => byTestId(page, 'links-widget').textContent()).toContain('GitHub #1');
    expect(await byTestId(page, 'links-widget').locator('a').first().getAttribute('href')).toBe('https://github.example/acme/website/issues/1');
    await screenshot(page, 'github-import-issue');
    expect(errors).toEqual([]);
  });
});
