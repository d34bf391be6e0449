// The server's record of how far a person's onboarding got (profile `onboarding_step` and
// `last_workspace_id`): a created or joined workspace is written when it happens, in the same
// transaction, so any client resumes onboarding from it (issue #26: a reload lost the created
// workspace; an invited teammate, already a member, was asked to create one).
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { profiles } from '../../../db/schema/index';

/** The onboarding steps a workspace membership completes. */
type WorkspaceOnboardingStep = 'workspace_create' | 'workspace_join';

const NO_STEPS = { profile_complete: false, workspace_create: false, workspace_invite: false, workspace_join: false };

/**
 * Marks `step` done for the user and makes `workspaceId` their last workspace unless they already
 * have one (a teammate who joins a second workspace keeps the one they work in). Creates the
 * profile row if the user has none yet.
 */
export async function recordWorkspaceStep(tx: Db, userId: string, step: WorkspaceOnboardingStep, workspaceId: string): Promise<void> {
  const done = { [step]: true };
  await tx
    .insert(profiles)
    .values({ userId, onboardingStep: { ...NO_STEPS, ...done }, lastWorkspaceId: workspaceId })
    .onConflictDoUpdate({
      target: profiles.userId,
      set: {
        onboardingStep: sql`${profiles.onboardingStep} || ${JSON.stringify(done)}::jsonb`,
        lastWorkspaceId: sql`coalesce(${profiles.lastWorkspaceId}, ${workspaceId}::uuid)`,
        updatedAt: sql`now()`,
      },
    });
}
