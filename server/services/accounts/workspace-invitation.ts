// Workspace invitations (reference §4.3): bulk invite by email, manage pending invites, answer an
// invite from its emailed link (token proof) and accept invites addressed to the signed-in user.
import { and, asc, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { users, workspaceInvitations, workspaceMembers, workspaces, type User, type Workspace, type WorkspaceInvitation } from '../../../db/schema/index';
import { emailSchema } from '../../../shared/schemas/common';
import type { CreateInvitationsBody } from '../../../shared/schemas/workspace';
import { Role } from '../../../shared/roles';
import type { ServerContext } from '../../context';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import { recordChange, withTransaction, type WriteOptions } from '../../live/record-change';
import { sendMail } from '../../mail/mailer';
import type { WorkspaceActor } from '../../actor';
import { presentInvitation, invitationLink } from './presenters/workspace-invitation';
import { presentWorkspaceMember } from './presenters/workspace-member';
import { randomToken, safeEqual } from '../../security';
import { recordWorkspaceStep } from './onboarding';

const INVITATION_NOT_FOUND = 'The required object does not exist.';

/** An invite is pending until answered; an accepted one waits for its email's account to exist. */
const notDeclined = or(isNull(workspaceInvitations.respondedAt), eq(workspaceInvitations.accepted, true));

function normalizeEmails(body: CreateInvitationsBody) {
  const entries = body.emails ?? [];
  if (entries.length === 0) throw new BadRequestError('Emails are required');
  const seen = new Map<string, number>();
  for (const entry of entries) {
    const parsed = emailSchema.safeParse(entry.email);
    if (!parsed.success) {
      throw new BadRequestError(`Invalid email - ${entry.email} provided a valid email address is required to send the invite`);
    }
    seen.set(parsed.data, Math.max(seen.get(parsed.data) ?? 0, entry.role ?? Role.GUEST));
  }
  return [...seen.entries()].map(([email, role]) => ({ email, role }));
}

/**
 * Invites emails to the workspace and mails each new invitee a link.
 * @throws BadRequestError with the reference's messages: no emails, a role above the caller's,
 * addresses that are already active members (with `workspace_users`), an invalid address.
 */
export async function createInvitations(ctx: ServerContext, actor: WorkspaceActor, body: CreateInvitationsBody, options: WriteOptions) {
  const workspace = actor.workspace;
  const invites = normalizeEmails(body);
  if (invites.some((invite) => invite.role > (actor.workspaceRole ?? 0))) {
    throw new BadRequestError('You cannot invite a user with higher role');
  }
  const emails = invites.map((invite) => invite.email);
  const existing = await ctx.db
    .select({ member: workspaceMembers, user: users })
    .from(workspaceMembers)
    .innerJoin(users, eq(users.id, workspaceMembers.memberId))
    .where(and(eq(workspaceMembers.workspaceId, workspace.id), eq(workspaceMembers.isActive, true), inArray(users.email, emails)));
  if (existing.length > 0) {
    throw new BadRequestError('Some users are already member of workspace', {
      workspace_users: existing.map((row) => presentWorkspaceMember(row.member, row.user)),
    });
  }
  const created = await withTransaction(ctx, options, async (tx) => {
    const pending = await tx
      .select({ email: workspaceInvitations.email })
      .from(workspaceInvitations)
      .where(and(eq(workspaceInvitations.workspaceId, workspace.id), inArray(workspaceInvitations.email, emails), isNull(workspaceInvitations.deletedAt)));
    const skip = new Set(pending.map((row) => row.email));
    const fresh = invites.filter((invite) => !skip.has(invite.email));
    if (fresh.length === 0) return [];
    return tx
      .insert(workspaceInvitations)
      .values(fresh.map((invite) => ({ ...invite, workspaceId: workspace.id, token: randomToken(32), createdBy: actor.userId })))
      .returning();
  });
  for (const invitation of created) mailInvitation(ctx, workspace, invitation);
  return { message: 'Emails sent successfully' };
}

/** Sends the invite email after commit; a mail failure never fails the invite (the admin can copy the link). */
function mailInvitation(ctx: ServerContext, workspace: Workspace, invitation: WorkspaceInvitation) {
  const link = invitationLink(ctx.config.appBaseUrl, invitation, workspace);
  const name = workspace.name.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
  sendMail(ctx, {
    to: invitation.email,
    subject: `You have been invited to join ${workspace.name} on Trellis`,
    text: `You have been invited to join the workspace "${workspace.name}" on Trellis.\n\nAccept the invitation here:\n${link}\n`,
    html: `<p>You have been invited to join the workspace <strong>${name}</strong> on Trellis.</p><p><a href="${link.replace(/&/g, '&amp;')}">Accept the invitation</a></p>`,
  }).catch(() => {
    // No SMTP or a transport error: the invitation stays valid and its link is listed to admins.
  });
}

/** Pending invitations of the workspace, oldest first, with token and link. */
export async function listInvitations(ctx: ServerContext, actor: WorkspaceActor) {
  const rows = await ctx.db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.workspaceId, actor.workspace.id), isNull(workspaceInvitations.deletedAt)))
    .orderBy(asc(workspaceInvitations.createdAt));
  return rows.map((row) => presentInvitation(row, actor.workspace, { appBaseUrl: ctx.config.appBaseUrl, withSecret: true }));
}

async function loadInvitation(db: Db, workspaceId: string, invitationId: string) {
  const [row] = await db
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, invitationId), eq(workspaceInvitations.workspaceId, workspaceId), isNull(workspaceInvitations.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(INVITATION_NOT_FOUND);
  return row;
}

export async function getInvitation(ctx: ServerContext, actor: WorkspaceActor, invitationId: string) {
  const row = await loadInvitation(ctx.db, actor.workspace.id, invitationId);
  return presentInvitation(row, actor.workspace, { appBaseUrl: ctx.config.appBaseUrl, withSecret: true });
}

/**
 * Changes the role of a pending invitation.
 * @throws BadRequestError for a role above the caller's; NotFoundError.
 */
export async function updateInvitation(ctx: ServerContext, actor: WorkspaceActor, invitationId: string, role: number) {
  await loadInvitation(ctx.db, actor.workspace.id, invitationId);
  if (role > (actor.workspaceRole ?? 0)) throw new BadRequestError('You cannot invite a user with higher role');
  const [row] = await ctx.db
    .update(workspaceInvitations)
    .set({ role, updatedAt: new Date(), updatedBy: actor.userId })
    .where(eq(workspaceInvitations.id, invitationId))
    .returning();
  return presentInvitation(row, actor.workspace, { appBaseUrl: ctx.config.appBaseUrl, withSecret: true });
}

export async function deleteInvitation(ctx: ServerContext, actor: WorkspaceActor, invitationId: string): Promise<void> {
  await loadInvitation(ctx.db, actor.workspace.id, invitationId);
  await ctx.db
    .update(workspaceInvitations)
    .set({ deletedAt: new Date(), updatedAt: new Date(), updatedBy: actor.userId })
    .where(eq(workspaceInvitations.id, invitationId));
}

/** Loads an invitation by slug and id for the anonymous join page (404 when unknown). */
async function loadForJoin(db: Db, slug: string, invitationId: string) {
  const [row] = await db
    .select({ invitation: workspaceInvitations, workspace: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, and(eq(workspaces.id, workspaceInvitations.workspaceId), isNull(workspaces.deletedAt)))
    .where(and(eq(workspaceInvitations.id, invitationId), eq(workspaces.slug, slug), isNull(workspaceInvitations.deletedAt)))
    .limit(1);
  if (!row) throw new NotFoundError(INVITATION_NOT_FOUND);
  return row;
}

/** The invitation as the join page shows it (never its token). */
export async function getInvitationForJoin(ctx: ServerContext, slug: string, invitationId: string) {
  const row = await loadForJoin(ctx.db, slug, invitationId);
  return presentInvitation(row.invitation, row.workspace, { appBaseUrl: ctx.config.appBaseUrl, withSecret: false });
}

/**
 * Answers an invitation from its link. Accepting makes the email's user a member at once when the
 * account exists; otherwise the invite stays accepted and sign-up turns it into a membership.
 * @throws ForbiddenError for a wrong token; BadRequestError when already answered.
 */
export async function respondToInvitation(
  ctx: ServerContext,
  slug: string,
  invitationId: string,
  body: { token: string; accepted: boolean },
  options: WriteOptions,
) {
  const { invitation } = await loadForJoin(ctx.db, slug, invitationId);
  // Security: the emailed token is the only proof; compare in constant time.
  if (!safeEqual(invitation.token, body.token)) throw new ForbiddenError('You do not have permission to join the workspace');
  if (invitation.respondedAt) throw new BadRequestError('You have already responded to the invitation request');
  await withTransaction(ctx, options, async (tx) => {
    const now = new Date();
    if (!body.accepted) {
      await tx.update(workspaceInvitations).set({ accepted: false, respondedAt: now, updatedAt: now }).where(eq(workspaceInvitations.id, invitation.id));
      return;
    }
    const [user] = await tx.select().from(users).where(eq(users.email, invitation.email)).limit(1);
    if (user) {
      await joinWorkspace(tx, user, invitation);
      await tx.update(workspaceInvitations).set({ deletedAt: now, updatedAt: now }).where(eq(workspaceInvitations.id, invitation.id));
    } else {
      await tx.update(workspaceInvitations).set({ accepted: true, respondedAt: now, updatedAt: now }).where(eq(workspaceInvitations.id, invitation.id));
    }
  });
  return { message: body.accepted ? 'Workspace Invitation Accepted' : 'Workspace Invitation was not accepted' };
}

/** Creates the membership an invitation grants, or reactivates an old one with the invite's role. */
async function joinWorkspace(tx: Db, user: User, invitation: WorkspaceInvitation): Promise<void> {
  const [existing] = await tx
    .select()
    .from(workspaceMembers)
    .where(and(eq(workspaceMembers.workspaceId, invitation.workspaceId), eq(workspaceMembers.memberId, user.id)))
    .limit(1);
  if (existing?.isActive) return;
  const [member] = existing
    ? await tx
        .update(workspaceMembers)
        .set({ isActive: true, role: invitation.role, updatedAt: new Date(), version: existing.version + 1 })
        .where(eq(workspaceMembers.id, existing.id))
        .returning()
    : await tx.insert(workspaceMembers).values({ workspaceId: invitation.workspaceId, memberId: user.id, role: invitation.role }).returning();
  recordChange(tx, {
    workspaceId: member.workspaceId,
    entity: 'member',
    entityId: member.id,
    op: existing ? 'update' : 'create',
    version: member.version,
    data: presentWorkspaceMember(member, user),
  });
  await recordWorkspaceStep(tx, user.id, 'workspace_join', member.workspaceId);
}

async function myInvitations(db: Db, email: string, ids?: string[]) {
  return db
    .select({ invitation: workspaceInvitations, workspace: workspaces })
    .from(workspaceInvitations)
    .innerJoin(workspaces, and(eq(workspaces.id, workspaceInvitations.workspaceId), isNull(workspaces.deletedAt)))
    .where(
      and(
        eq(workspaceInvitations.email, email.toLowerCase()),
        isNull(workspaceInvitations.deletedAt),
        notDeclined,
        ids ? inArray(workspaceInvitations.id, ids) : undefined,
      ),
    )
    .orderBy(asc(workspaceInvitations.createdAt));
}

/** Open invitations addressed to the user's email, each with its workspace. */
export async function listMyInvitations(ctx: ServerContext, user: User) {
  const rows = await myInvitations(ctx.db, user.email);
  return rows.map((row) => presentInvitation(row.invitation, row.workspace, { appBaseUrl: ctx.config.appBaseUrl, withSecret: false }));
}

/** How many open invitations the user's email has (settings `invites`). */
export async function countMyInvitations(db: Db, email: string): Promise<number> {
  return (await myInvitations(db, email)).length;
}

/** Accepts the listed invitations of the user's email: memberships are created or reactivated, invites removed. */
export async function acceptMyInvitations(ctx: ServerContext, user: User, invitationIds: string[], options: WriteOptions): Promise<void> {
  if (invitationIds.length === 0) return;
  await withTransaction(ctx, options, async (tx) => {
    const rows = await myInvitations(tx, user.email, invitationIds);
    const now = new Date();
    for (const { invitation } of rows) {
      await joinWorkspace(tx, user, invitation);
      await tx.update(workspaceInvitations).set({ deletedAt: now, updatedAt: now, accepted: true, respondedAt: now }).where(eq(workspaceInvitations.id, invitation.id));
    }
  });
}
