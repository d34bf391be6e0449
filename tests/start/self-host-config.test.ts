// What a self-hoster is handed (issue 16): the compose file validated by a real compose tool
// (Debian's docker-compose; these machines have no container daemon, so the topology itself is
// proven as processes in tests/sync/processes.test.ts and collab/processes.test.ts), health checks
// and restart policies on every service, a proxy that upgrades WebSockets, and an .env.example
// that lists every variable the server reads, with the default the server applies.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { envSchema, loadConfig } from '../../server/config';

const root = join(import.meta.dirname, '..', '..');
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

interface ComposeService {
  restart?: string;
  healthcheck?: { test: string[] };
  volumes?: unknown[];
  depends_on?: Record<string, { condition: string }>;
}

/** The compose file as the compose tool resolves it (anchors, profiles, .env defaults), as JSON. */
function resolvedCompose(): { services: Record<string, ComposeService> } {
  const yaml = execFileSync('docker-compose', ['-f', 'docker-compose.yml', '--profile', 'scale-out', 'config'], { cwd: root, encoding: 'utf8' });
  // docker-compose ships with PyYAML: read its output with the same parser it uses.
  const json = execFileSync('python3', ['-c', 'import sys, yaml, json; print(json.dumps(yaml.safe_load(sys.stdin)))'], { input: yaml, encoding: 'utf8' });
  return JSON.parse(json);
}

describe.runIf(hasCompose || process.env.CI)('docker-compose.yml, read by docker-compose', () => {
  test('is valid, and every service has a health check and a restart policy', () => {
    const { services } = resolvedCompose();
    expect(Object.keys(services).sort()).toEqual(['collab-1', 'collab-2', 'postgres', 'proxy', 'redis', 'server-1', 'server-2', 'trellis']);
    for (const [name, service] of Object.entries(services)) {
      expect(service.restart, name).toBe('unless-stopped');
      expect(service.healthcheck?.test.length, name).toBeGreaterThan(0);
    }
    // Trellis processes are ready only when /readyz says so, and the proxy waits for them.
    for (const name of ['trellis', 'server-1', 'server-2', 'collab-1', 'collab-2']) expect(services[name]!.healthcheck!.test.join(' ')).toContain('/readyz');
    expect(Object.values(services.proxy!.depends_on ?? {}).map((entry) => entry.condition)).toEqual(Array(4).fill('service_healthy'));
    expect(services.postgres!.volumes).toHaveLength(1);
    expect(services.trellis!.volumes).toHaveLength(1);
  });
});

test('the proxy upgrades WebSockets for /live and /collab and has a health location of its own', () => {
  const nginx = readFileSync(join(root, 'deploy', 'nginx.conf'), 'utf8');
  expect(nginx).toMatch(/proxy_set_header Upgrade \$http_upgrade;/);
  expect(nginx).toMatch(/proxy_set_header Connection \$connection_upgrade;/);
  expect(nginx).toMatch(/location \/collab \{ proxy_pass http:\/\/trellis_collab; \}/);
  expect(nginx).toMatch(/location \/ \{ proxy_pass http:\/\/trellis_servers; \}/);
  expect(nginx).toMatch(/location = \/proxy-health/);
});

test('.env.example lists every variable the server reads, each with the default it applies', () => {
  const lines = readFileSync(join(root, '.env.example'), 'utf8').split('\n').filter((line) => /^[A-Z0-9_]+=/.test(line));
  const example = new Map(lines.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]));
  const variables = Object.keys(envSchema.shape);
  expect(variables.filter((name) => !example.has(name))).toEqual([]);
  // Loading the example as an environment gives the same configuration as an empty environment.
  const fromExample = loadConfig(Object.fromEntries([...example].filter(([name]) => variables.includes(name))), { persistSecret: false });
  const fromNothing = loadConfig({}, { persistSecret: false });
  expect({ ...fromExample, secretKey: '' }).toEqual({ ...fromNothing, secretKey: '' });
  // And each is in the README's configuration table.
  const readme = readFileSync(join(root, 'README.md'), 'utf8');
  expect(variables.filter((name) => !readme.includes(`\`${name}\``))).toEqual([]);
});
