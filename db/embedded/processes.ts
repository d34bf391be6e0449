// What the embedded cluster needs to know about other processes: is a pid still running, what
// command is it, who is its parent. /proc on Linux, `ps` elsewhere (macOS has no /proc).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

const hasProc = existsSync('/proc/self/stat');

/** True while the process exists and is not a zombie waiting to be reaped. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  return processStat(pid)?.state !== 'Z';
}

/** The command line of a running process, arguments joined by spaces; undefined if it is gone. */
export function commandLine(pid: number): string | undefined {
  if (hasProc) {
    try {
      return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
    } catch {
      return undefined;
    }
  }
  return ps(pid, 'command');
}

export function parentPid(pid: number): number | undefined {
  const parent = hasProc ? processStat(pid)?.parent : Number(ps(pid, 'ppid'));
  return parent && Number.isInteger(parent) ? parent : undefined;
}

/** Resolves once the pid has gone, or false after timeoutMs. */
export async function waitForExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isRunning(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

function processStat(pid: number): { state: string; parent: number } | undefined {
  if (!hasProc) return undefined;
  try {
    // "pid (comm) state ppid …"; comm may contain spaces and parentheses, so split after the last ')'.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const [state, parent] = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state, parent: Number(parent) };
  } catch {
    return undefined;
  }
}

function ps(pid: number, field: 'command' | 'ppid'): string | undefined {
  try {
    return execFileSync('ps', ['-o', `${field}=`, '-p', String(pid)], { encoding: 'utf8' }).trim() || undefined;
  } catch {
    return undefined;
  }
}
