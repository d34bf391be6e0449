// `npm start` as a self-hoster and a process manager run it: a real process tree on the embedded
// PostgreSQL. Bad configuration stops it with one line naming the variable. SIGTERM or SIGINT sent
// to the pid `npm start` created (not to the server below it) closes open sockets, stops the
// embedded cluster and exits 0 with nothing left running or listening; a restart on the same
// DATA_DIR keeps every row. `npm run start:collab` stops the same way.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, test } from 'vitest';
import { descendants, killTree, freePort, instanceIsSetUp, isAlive, portIsOpen, postmaster, signUpAdmin, startTrellis, waitForLine, waitForUrlLine, type Started } from './processes';

const dataDir = mkdtempSync(join(tmpdir(), 'trellis-start-'));
const running: Started[] = [];

afterEach(() => {
  for (const started of running.splice(0)) killTree(started);
});
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Signals the npm process itself and checks it exits 0, leaving no process and no listener behind. */
async function stopCleanly(started: Started, tree: number[], ports: number[], signal: NodeJS.Signals) {
  started.child.kill(signal);
  expect(await started.exited).toEqual({ code: 0, signal: null });
  // npm waits for its script; the server's own children (the embedded postgres) are stopped before it exits.
  expect(tree.filter(isAlive)).toEqual([]);
  for (const port of ports) expect(await portIsOpen(port)).toBe(false);
}

describe('npm start', () => {
  test('a bad configuration value stops the server with one line naming the variable', async () => {
    const server = startTrellis({ PORT: 'not-a-port', DATA_DIR: dataDir });
    const { code } = await server.exited;
    expect(code).toBe(1);
    const lines = server.output().trim().split('\n').filter((line) => !line.includes('ExperimentalWarning'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Invalid configuration: PORT /);
  });

  test('serves on the embedded PostgreSQL, exits 0 on SIGTERM and SIGINT sent to npm, and keeps data across a restart', async () => {
    const port = await freePort();
    const first = startTrellis({ PORT: String(port), DATA_DIR: dataDir }, 'npm start');
    running.push(first);
    const url = await waitForUrlLine(first);
    expect(url).toBe(`http://localhost:${port}`);
    expect(first.output()).toMatch(/database: embedded PostgreSQL in .*postgres \(127\.0\.0\.1:\d+\)/);
    const base = `http://127.0.0.1:${port}`;
    expect((await signUpAdmin(base, 'owner@example.com')).status).toBeLessThan(400);

    // A collaboration socket stays open until the server closes it.
    const socket = new WebSocket(`ws://127.0.0.1:${port}/collab`);
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    const socketClosed = new Promise((resolve) => socket.once('close', resolve));
    const cluster = postmaster(dataDir)!;
    const tree = descendants(first.child.pid!);
    expect(tree).toContain(cluster.pid);

    await stopCleanly(first, tree, [port, cluster.port], 'SIGTERM');
    await socketClosed;
    expect(postmaster(dataDir)).toBeUndefined(); // postgres shut down cleanly and removed its lock file

    const second = startTrellis({ PORT: String(port), DATA_DIR: dataDir }, 'npm start');
    running.push(second);
    await waitForUrlLine(second);
    expect(await instanceIsSetUp(base)).toBe(true);
    const secondTree = descendants(second.child.pid!);
    await stopCleanly(second, secondTree, [port, postmaster(dataDir)?.port ?? 0].filter(Boolean), 'SIGINT');
  }, 240_000);

  test('npm run start:collab joins the running cluster and exits 0 on SIGTERM, leaving the main server running', async () => {
    const [port, collabPort] = [await freePort(), await freePort()];
    const main = startTrellis({ PORT: String(port), DATA_DIR: dataDir });
    running.push(main);
    await waitForUrlLine(main);
    const collab = startTrellis({ PORT: String(collabPort), DATA_DIR: dataDir }, 'npm run start:collab');
    running.push(collab);
    await waitForLine(collab, /collaboration server is running/);
    expect(collab.output()).toMatch(/started by another Trellis process/);
    expect((await fetch(`http://127.0.0.1:${collabPort}/healthz`)).status).toBe(200);

    await stopCleanly(collab, descendants(collab.child.pid!), [collabPort], 'SIGTERM');
    // The cluster belongs to the main server: still there for it.
    expect((await fetch(`http://127.0.0.1:${port}/api/instances/`)).status).toBe(200);
    await stopCleanly(main, descendants(main.child.pid!), [port], 'SIGTERM');
  }, 240_000);
});
