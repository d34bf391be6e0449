// Password hashing (Argon2id, memory-hard, via @node-rs/argon2 — a prebuilt binary from the npm
// registry, no install script) and the strength rule of API.md: zxcvbn score ≥ 3, 8–128 chars.
import { hash, verify } from '@node-rs/argon2';
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as zxcvbnCommon from '@zxcvbn-ts/language-common';
import * as zxcvbnEn from '@zxcvbn-ts/language-en';

// Built on the first strength check, not at import: building the ranked dictionaries costs ~1.5 s
// of CPU, which every process start (and every test file's import of the server) paid even when no
// password was ever set. The first sign-up or password change of a process pays it once instead
// (warming it after listen would block the event loop for that second just as clients arrive).
let strength: ZxcvbnFactory | undefined;
function strengthMeter(): ZxcvbnFactory {
  strength ??= new ZxcvbnFactory({
    dictionary: { ...zxcvbnCommon.dictionary, ...zxcvbnEn.dictionary },
    graphs: zxcvbnCommon.adjacencyGraphs,
    translations: zxcvbnEn.translations,
  });
  return strength;
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
export function isStrongPassword(password: unknown, userInputs: string[] = []): password is string {
  if (typeof password !== 'string') return false;
  if (password.length < PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  return strengthMeter().check(password, userInputs).score >= 3;
}
