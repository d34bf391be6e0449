// One-time sign-in codes sent by email (API.md "Magic codes"): 6 digits, stored as an HMAC, valid
// 10 minutes from the last generation, at most 4 codes per window and 5 wrong guesses per code.
// One row per email; an advisory lock per email serialises generate/verify across processes.
import { desc, eq, sql } from 'drizzle-orm';
import { magicCodes } from '../../../db/schema/index';
import type { Db } from '../../../db/client';
import type { ServerContext } from '../../context';
import { hmacHex, randomDigits, safeEqual } from '../../security';

const MAGIC_CODE_LIFETIME_MS = 10 * 60 * 1000;
const MAX_CODES_PER_WINDOW = 4;
const MAX_WRONG_GUESSES = 5;

type GenerateResult = { ok: true; code: string } | { ok: false; reason: 'exhausted' };
type VerifyResult = { ok: true } | { ok: false; reason: 'invalid' | 'expired' };

function codeHash(ctx: ServerContext, email: string, code: string): string {
  return hmacHex(ctx.config.secretKey, `magic-code:${email}:${code}`);
}

async function lockEmail(tx: Db, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${'magic-code:' + email}, 0))`);
}

/** The email's current row, if any, inside a locked transaction. */
async function currentRow(tx: Db, email: string) {
  const [row] = await tx.select().from(magicCodes).where(eq(magicCodes.email, email)).orderBy(desc(magicCodes.createdAt)).limit(1);
  return row;
}

/**
 * Issues a new code for the email. Within a live window (the last code unexpired and unused) the
 * generation count grows; the fifth request of a window is refused.
 */
export async function generateMagicCode(ctx: ServerContext, email: string): Promise<GenerateResult> {
  const code = randomDigits();
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockEmail(tx, email);
    const row = await currentRow(tx, email);
    const expiresAt = new Date(Date.now() + MAGIC_CODE_LIFETIME_MS);
    const isLive = row && !row.usedAt && row.expiresAt.getTime() > Date.now();
    if (row && isLive) {
      if (row.generationCount >= MAX_CODES_PER_WINDOW) return { ok: false, reason: 'exhausted' } as const;
      await tx
        .update(magicCodes)
        .set({
          codeHash: codeHash(ctx, email, code),
          generationCount: row.generationCount + 1,
          failedAttempts: 0,
          expiresAt,
          updatedAt: sql`now()`,
        })
        .where(eq(magicCodes.id, row.id));
    } else {
      await tx.delete(magicCodes).where(eq(magicCodes.email, email));
      await tx.insert(magicCodes).values({ email, codeHash: codeHash(ctx, email, code), expiresAt });
    }
    return { ok: true, code } as const;
  });
}

/**
 * Checks a code. A right code is used up; a wrong one counts a guess, and after the fifth wrong
 * guess the code is void ("expired" from then on, like an unknown, old or used code).
 */
export async function verifyMagicCode(ctx: ServerContext, email: string, code: string): Promise<VerifyResult> {
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    await lockEmail(tx, email);
    const row = await currentRow(tx, email);
    if (!row || row.usedAt || row.expiresAt.getTime() <= Date.now() || row.failedAttempts >= MAX_WRONG_GUESSES) {
      return { ok: false, reason: 'expired' } as const;
    }
    if (!/^\d{6}$/.test(code) || !safeEqual(row.codeHash, codeHash(ctx, email, code))) {
      await tx
        .update(magicCodes)
        .set({ failedAttempts: row.failedAttempts + 1, updatedAt: sql`now()` })
        .where(eq(magicCodes.id, row.id));
      return { ok: false, reason: 'invalid' } as const;
    }
    await tx.update(magicCodes).set({ usedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(magicCodes.id, row.id));
    return { ok: true } as const;
  });
}
