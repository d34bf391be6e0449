// The online-edit cost in Chromium (bench/outbox.ts): bundles bench/outbox-page.tsx with esbuild,
// serves it on loopback with a stand-in API (PATCH answers the row after 20 ms, as a near server
// would), and clicks the page's button in Debian's Chromium (playwright-core), alternating between
// the outbox and the store-only path, one click per frame or so. The times are the page's own:
// input event to the frame after the change was painted.
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { firstPage, launchContext } from '../tests/e2e/support/browser';
import { ROOT } from './harness';

export interface ChromiumEditFigures {
  outbox: number[];
  store: number[];
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(ROOT, 'bench', 'outbox-page.tsx')],
    bundle: true,
    write: false,
    format: 'esm',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

function serve(script: string): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.url === '/') return res.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><div id="root"></div><script type="module" src="/page.js"></script>');
    if (req.url === '/page.js') return res.writeHead(200, { 'content-type': 'text/javascript' }).end(script);
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      const json = (value: unknown) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      if (req.method === 'GET') return json({ csrf_token: 'bench' });
      const id = /issues\/([^/]+)\//.exec(req.url ?? '')?.[1] ?? '';
      const index = Number(id.slice(1));
      setTimeout(() => json({ id, name: `Issue ${index}`, sequence_id: index, project_id: 'p', state_id: null, priority: 'none', sort_order: index, label_ids: [], assignee_ids: [], start_date: null, target_date: null, created_at: '', updated_at: '', version: 2, ...JSON.parse(body || '{}') }), 20);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` })));
}

export async function chromiumEditCost(clicks: number): Promise<ChromiumEditFigures> {
  const { server, url } = await serve(await bundle());
  const context = await launchContext(url);
  try {
    const page = await firstPage(context);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/');
    await page.waitForFunction(() => window.bench?.ready === true);
    const button = page.locator('#edit');
    // Warm-up (JIT, first IndexedDB transaction), not counted.
    for (let i = 0; i < 20; i++) await button.click();
    await page.evaluate(() => void (window.bench.samples = { outbox: [], store: [] }));
    for (let i = 0; i < clicks * 2; i++) {
      const mode: 'outbox' | 'store' = i % 2 === 0 ? 'outbox' : 'store';
      await page.evaluate((next) => void (window.bench.mode = next), mode);
      await button.click();
      await page.waitForTimeout(30);
    }
    await page.waitForTimeout(500);
    if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
    return await page.evaluate(() => window.bench.samples);
  } finally {
    await context.close();
    server.close();
  }
}
