import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { chromium } from 'playwright-core';
import { createDatabase } from '../db/client';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { buildProject, buildUser, buildWorkspace, setupInstance } from '../tests/support/factories';
import type { TestServer } from '../tests/support/server';

const database = await createDatabase({});
await database.migrate();
const config = loadConfig({ LOG_LEVEL: 'warn', SECRET_KEY: 'smoke-secret-0123456789abcdef', DATA_DIR: '/tmp/trellis-smoke' }, { persistSecret: false });
const app = await buildApp({ config, database, logger: false });
await app.register(fastifyStatic, { root: '/tmp/trellis-dist', serve: false });
app.addHook('onRequest', async (request, reply) => {
  const path = request.url.split('?')[0];
  if (request.method !== 'GET' || /^\/(api|auth|live|collab)/.test(path)) return;
  if (path.startsWith('/assets/')) return reply.sendFile(path.slice(1));
  return reply.type('text/html').sendFile('index.html');
});
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const server = { database } as unknown as TestServer;
const owner = await buildUser(server, { displayName: 'Olivia' });
await setupInstance(server, owner);
const other = await buildUser(server, { displayName: 'Bruno' });
const workspace = await buildWorkspace(server, owner);
const project = await buildProject(server, workspace, owner);
const { addWorkspaceMember, addProjectMember } = await import('../tests/support/factories');
await addWorkspaceMember(server, workspace, other, 15);
await addProjectMember(server, project, other, 15);

const errors: string[] = [];
async function open(user: typeof owner) {
  const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'pw-')), {
    executablePath: '/usr/bin/chromium', headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-dev-shm-usage'],
  });
  await context.addCookies([{ name: 'session-id', value: user.sessionKey, url: base }]);
  const page = context.pages()[0] ?? (await context.newPage());
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  return { context, page };
}
const a = await open(owner);
await a.page.goto(`${base}/${workspace.slug}/projects/${project.id}/pages`);
await a.page.getByTestId('new-page-button').click({ timeout: 20000 });
await a.page.getByTestId('page-name-input').fill('Smoke page');
await a.page.getByTestId('create-page-submit').click();
await a.page.getByTestId('page-editor').waitFor({ timeout: 20000 });
const url = a.page.url();
console.log('page url', url);
await a.page.getByTestId('page-editor').click();
await a.page.keyboard.type('Hello from Olivia ');
await a.page.keyboard.type('/');
await a.page.getByTestId('slash-menu').waitFor({ timeout: 5000 });
await a.page.keyboard.type('head');
await a.page.keyboard.press('Enter');
await a.page.keyboard.type('A heading');
const b = await open(other);
await b.page.goto(url);
await b.page.getByText('Hello from Olivia').waitFor({ timeout: 20000 });
await b.page.getByTestId('page-editor').click();
await b.page.keyboard.press('End');
await b.page.keyboard.type(' and Bruno');
await a.page.getByText('and Bruno').waitFor({ timeout: 10000 });
await a.page.waitForSelector('.collaboration-carets__label', { timeout: 10000 });
console.log('presence A:', await a.page.getByTestId('presence-avatars').innerText().catch(() => 'none'));
console.log('placeholder:', await a.page.locator('[data-placeholder]').first().getAttribute('data-placeholder').catch(() => null));
await a.page.getByTestId('page-title-input').fill('Smoke page renamed');
console.log('title state:', await a.page.getByTestId('title-save-state').innerText());
await a.page.waitForTimeout(3000);
console.log('title state after:', await a.page.getByTestId('title-save-state').innerText());
await a.page.getByTestId('page-lock').click();
await b.page.getByTestId('readonly-badge').waitFor({ timeout: 10000 });
console.log('B editable after lock:', await b.page.locator('.ProseMirror').getAttribute('contenteditable'));
await a.page.screenshot({ path: '/tmp/smoke-a.png' });
const html = await app.inject({ method: 'GET', url: url.replace(base, '').replace('/' + workspace.slug, `/api/workspaces/${workspace.slug}`).replace('/projects/', '/projects/') + '/', headers: owner.headers });
console.log('detail', html.statusCode, (html.json() as { name: string; description_html: string }).name);
console.log('errors:', errors);
await a.context.close();
await b.context.close();
await app.close();
process.exit(0);
