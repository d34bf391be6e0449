// A real Trellis server process (`boot/main.ts`) on a given database, for tests and benchmarks that
// kill and restart servers (the process suites in tests/sync via process-suite.ts, the drain bench).
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface TrellisProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Ends the process with `signal` and resolves once it exited. */
  kill(signal: NodeJS.Signals): Promise<void>;
}

export async function startTrellisProcess(databaseUrl: string, dataDir: string, env: Record<string, string> = {}): Promise<TrellisProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'boot', 'main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SECRET_KEY: 'process-test-secret-0123456789',
      LOG_LEVEL: 'warn',
      TRELLIS_SKIP_CLIENT_BUILD: '1',
      RATE_LIMIT_API_KEY_PER_MIN: '1000000',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const baseUrl = await new Promise<string>((resolve, reject) => {
    // A process that never says it is running is ended here: nobody else holds it to clean it up.
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start:\n${output}`));
    }, 120_000);
    const onData = (chunk: Buffer) => {
      output += String(chunk);
      const match = /running at http:\/\/localhost:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(`http://127.0.0.1:${match[1]}`);
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output}`)));
  });
  return {
    child,
    baseUrl,
    kill: (signal) => stopProcess(child, signal),
  };
}

/** Sends `signal` to `child` unless it has already exited; resolves once it has. */
export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
