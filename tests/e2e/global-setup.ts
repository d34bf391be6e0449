// Starts what the browser specs talk to: an SMTP capture server (messages saved as .eml files),
// and a real `npm start` process on a fresh database with the client built.
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import type { TestProject } from 'vitest/node';
import { freePort, startTrellis } from './support/server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    e2eBaseUrl: string;
    e2eMailDir: string;
    /** The server's PostgreSQL database ('' on the embedded default): specs that must hold a lock use it. */
    e2eDatabaseUrl: string;
  }
}

const root = join(import.meta.dirname, '..', '..');

export default async function setup(project: TestProject) {
  const workDir = mkdtempSync(join(tmpdir(), 'trellis-e2e-'));
  const mailDir = join(workDir, 'mail');
  mkdirSync(mailDir, { recursive: true });

  if (!existsSync(join(root, 'client', 'dist', 'index.html'))) {
    const { build } = await import('vite');
    await build({ configFile: join(root, 'vite.config.ts'), logLevel: 'warn' });
  }

  let counter = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        writeFileSync(join(mailDir, `${Date.now()}-${counter++}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpPort = await freePort();
  await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', resolve));

  const server = await startTrellis(workDir, {
    SMTP_HOST: '127.0.0.1',
    SMTP_PORT: String(smtpPort),
    SMTP_FROM: 'Trellis <trellis@localhost>',
    // webhooks.spec.ts delivers to a receiver on loopback, retried quickly.
    WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    WEBHOOK_RETRY_BASE_MS: '500',
  });
  const { baseUrl, databaseUrl } = server;

  project.provide('e2eBaseUrl', baseUrl);
  project.provide('e2eMailDir', mailDir);
  project.provide('e2eDatabaseUrl', databaseUrl);

  return async () => {
    await server.close();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    rmSync(workDir, { recursive: true, force: true });
  };
}
