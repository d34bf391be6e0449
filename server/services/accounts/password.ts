// Password hashing (Argon2id, memory-hard, via @node-rs/argon2 — a prebuilt binary from the npm
// registry, no install script) and the strength rule of API.md: zxcvbn score ≥ 3, 8–128 chars.
import { hash, verify } from '@node-rs/argon2';
import type { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { onFirstUse } from '../../../shared/on-first-use';

// Loaded and built on the first strength check, not at import: building the ranked dictionaries
// costs ~1.5 s of CPU, and merely loading the packages (1.6 MB of the server bundle, its
// dictionaries decompressed as the modules are evaluated) ~0.1 s, which every process start (and
// every test file's import of the server) paid even when no password was ever set. The first
// sign-up or password change of a process pays it once instead (warming it after listen would
// block the event loop for that second just as clients arrive). In the bundle the packages are a
// chunk of their own (scripts/build-server.mjs), read on that first check.
const strengthMeter = onFirstUse(buildStrengthMeter);

async function buildStrengthMeter(): Promise<ZxcvbnFactory> {
  const [{ ZxcvbnFactory }, zxcvbnCommon, zxcvbnEn] = await Promise.all([
    exportsOf(import('@zxcvbn-ts/core')),
    exportsOf(import('@zxcvbn-ts/language-common')),
    exportsOf(import('@zxcvbn-ts/language-en')),
  ]);
  return new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
}

/**
 * The exports of a CommonJS package imported with import(): the namespace's `default`, both under
 * Node and in the server bundle (where esbuild's chunk of a CommonJS module has no named exports).
 */
async function exportsOf<T>(namespace: Promise<T>): Promise<T> {
  return ((await namespace) as { default: T }).default;
}

const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;

/** Hashes a password with Argon2id (parameters tuned for ~50 ms on the 2-core target). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { memoryCost: 19_456, timeCost: 2, parallelism: 1 });
}

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) return false;
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True when the password is long enough, not too long, and scores ≥ 3 on zxcvbn. */
export async function isStrongPassword(password: string, userInputs: string[] = []): Promise<boolean> {
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  return (await strengthMeter()).check(password, userInputs).score >= 3;
}
