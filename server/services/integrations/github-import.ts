// The GitHub repository import (issue #15), run as durable jobs on the one job queue: a run walks
// the repository (its record), its labels, its issues (pull requests skipped) and its issue
// comments through the REST API, page by page along the `Link` headers, a few pages per job. After
// every page the cursor (phase + next URL) is saved, so a restart resumes where the run was; every
// item is written in its own transaction together with its mapping row (GitHub id → our id), so
// nothing is imported twice — not by a resumed page, not by a re-run, not by a worker that lost its
// lease. A re-run asks GitHub only for items updated since the last complete run and applies only
// what changed on GitHub since it was last imported. When GitHub says "wait" (Retry-After, or
// X-RateLimit-Remaining: 0 until X-RateLimit-Reset) the run is rescheduled as a new job at that time
// instead of holding a worker.
import { createHash } from 'node:crypto';
import { and, asc, eq, inArray, isNull, max, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  githubCommentSyncs,
  githubIssueSyncs,
  githubLabelSyncs,
  githubRepositories,
  githubRepositorySyncs,
  issueComments,
  labels,
  projectMembers,
  projects,
  states,
  workspaceMembers,
  workspaces,
  type GithubRepository,
  type GithubRepositorySync,
  type Project,
} from '../../../db/schema/index';
import { Role } from '../../../shared/roles';
import type { UpdateIssueBody } from '../../../shared/schemas/issue';
import { nextSortOrder } from '../../../shared/sort-order';
import type { ProjectActor } from '../../actor';
import type { ServerContext } from '../../context';
import { enqueueJob, PermanentJobError, type JobQueue, type JobRun } from '../../job-queue';
import { recordChange, withTransaction } from '../../live/record-change';
import { presentLabel } from '../work-items/presenters/label';
import { githubErrorMessage, githubGet, GithubRequestError } from './github-client';
import { GITHUB_IMPORT_QUEUE, githubAllowedHosts, syncBaseUrl, type GithubImportPayload } from './github-sync';
import { decryptToken } from './github-token';
import { htmlToPlainText, sanitizeRichHtml } from '../work-items/html';
import { insertIssue } from '../work-items/issue';
import { applyIssueUpdate } from '../work-items/issue-update';
import { insertComment, presentComments } from '../work-items/issue-comment';
import { insertIssueLink } from '../work-items/issue-link';
import { loadIssueRow } from '../work-items/issue-read';
import { writeActivities } from '../work-items/issue-activity';

/** Pages fetched by one job before it hands over to a continuation job (other jobs get their turn). */
const PAGES_PER_JOB = 5;
const PER_PAGE = 100;
/** A re-run asks for items updated since the last run's start minus this (clock skew between us and GitHub). */
const SINCE_MARGIN_MS = 5 * 60_000;
const PHASES = ['repository', 'labels', 'issues', 'comments'] as const;
type Phase = (typeof PHASES)[number];

interface GhLabel {
  id: number;
  name: string;
  color?: string | null;
  description?: string | null;
}
interface GhIssue {
  id: number;
  number: number;
  title: string;
  body?: string | null;
  body_html?: string | null;
  state: string;
  state_reason?: string | null;
  html_url: string;
  labels?: Array<GhLabel | string>;
  pull_request?: unknown;
  updated_at?: string;
}
interface GhComment {
  id: number;
  issue_url: string;
  body?: string | null;
  body_html?: string | null;
  html_url?: string;
  user?: { login?: string } | null;
  updated_at?: string;
}
/** What the last import wrote of an issue; a re-run changes a field only when GitHub's value moved. */
interface ImportedIssue {
  title?: string;
  body?: string;
  state?: string;
  labels?: number[];
}

type Counter = 'labelsImported' | 'issuesImported' | 'issuesUpdated' | 'commentsImported' | 'pullRequestsSkipped';

/** The run was replaced (re-linked, restarted) while this job ran: stop quietly. */
class StaleRun extends Error {}

interface RunContext {
  ctx: ServerContext;
  sync: GithubRepositorySync;
  repo: GithubRepository;
  actor: ProjectActor;
  token: string;
}

const digest = (text: string) => createHash('sha256').update(text).digest('hex');
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/**
 * The HTML GitHub rendered (full+json media type), else the markdown source as escaped paragraphs.
 * Not sanitized here: it is stored through the issue writes and commentHtml, which sanitize it.
 */
function githubBodyHtml(item: { body?: string | null; body_html?: string | null }): string {
  if (typeof item.body_html === 'string' && item.body_html.trim()) return item.body_html;
  const text = (item.body ?? '').trim();
  if (!text) return '';
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

async function loadRun(db: Db, syncId: string) {
  const [found] = await db
    .select({ sync: githubRepositorySyncs, repo: githubRepositories })
    .from(githubRepositorySyncs)
    .innerJoin(githubRepositories, eq(githubRepositories.id, githubRepositorySyncs.repositoryId))
    .where(eq(githubRepositorySyncs.id, syncId));
  return found ?? null;
}

/** The member who linked the repository, as the services see a caller; the import acts as them. */
async function loadImportActor(db: Db, sync: GithubRepositorySync): Promise<ProjectActor> {
  const fail = () => new PermanentJobError('The member who linked the repository can no longer create issues in this project; link it again.');
  if (!sync.actorId) throw fail();
  const [found] = await db
    .select({ workspace: workspaces, project: projects, workspaceRole: workspaceMembers.role, projectRole: projectMembers.role })
    .from(projects)
    .innerJoin(workspaces, eq(workspaces.id, projects.workspaceId))
    .innerJoin(workspaceMembers, and(eq(workspaceMembers.workspaceId, workspaces.id), eq(workspaceMembers.memberId, sync.actorId), eq(workspaceMembers.isActive, true)))
    .innerJoin(projectMembers, and(eq(projectMembers.projectId, projects.id), eq(projectMembers.memberId, sync.actorId), eq(projectMembers.isActive, true)))
    .where(and(eq(projects.id, sync.projectId), isNull(projects.deletedAt)));
  if (!found || found.projectRole < Role.MEMBER) throw fail();
  return { userId: sync.actorId, timeZone: 'UTC', workspace: found.workspace, workspaceRole: found.workspaceRole, project: found.project, projectRole: found.projectRole };
}

/** Runs one item's writes with the sync row locked for this run (concurrent runners queue; a replaced run stops). */
async function itemTransaction<T>(run: RunContext, work: (tx: Db) => Promise<T>): Promise<T> {
  return withTransaction(run.ctx, { actorId: run.actor.userId }, async (tx) => {
    const [locked] = await tx
      .select({ id: githubRepositorySyncs.id })
      .from(githubRepositorySyncs)
      .where(and(eq(githubRepositorySyncs.id, run.sync.id), eq(githubRepositorySyncs.runId, run.sync.runId!)))
      .for('update');
    if (!locked) throw new StaleRun();
    return work(tx);
  });
}

async function bump(tx: Db, syncId: string, counter: Counter) {
  const column = githubRepositorySyncs[counter];
  await tx.update(githubRepositorySyncs).set({ [counter]: sql`${column} + 1`, updatedAt: new Date() }).where(eq(githubRepositorySyncs.id, syncId));
}

/** The project label for a GitHub label: mapped, else found by name, else created (and mapped). */
async function ensureLabel(tx: Db, run: RunContext, label: GhLabel): Promise<string | null> {
  const [mapped] = await tx
    .select({ labelId: githubLabelSyncs.labelId, deletedAt: labels.deletedAt })
    .from(githubLabelSyncs)
    .innerJoin(labels, eq(labels.id, githubLabelSyncs.labelId))
    .where(and(eq(githubLabelSyncs.repositorySyncId, run.sync.id), eq(githubLabelSyncs.githubLabelId, label.id)));
  // Deleted here after an import: the team removed it on purpose, so it is not brought back.
  if (mapped) return mapped.deletedAt ? null : mapped.labelId;
  const project = run.actor.project;
  const name = label.name.trim().slice(0, 255) || `label-${label.id}`;
  const [byName] = await tx
    .select({ id: labels.id })
    .from(labels)
    .where(and(eq(labels.projectId, project.id), isNull(labels.deletedAt), sql`lower(${labels.name}) = lower(${name})`));
  let labelId = byName?.id;
  if (!labelId) {
    const [{ highest }] = await tx.select({ highest: max(labels.sortOrder) }).from(labels).where(and(eq(labels.projectId, project.id), isNull(labels.deletedAt)));
    const [created] = await tx
      .insert(labels)
      .values({
        projectId: project.id,
        workspaceId: project.workspaceId,
        name,
        color: /^[0-9a-f]{6}$/i.test(label.color ?? '') ? `#${label.color}` : '',
        description: (label.description ?? '').slice(0, 10_000),
        sortOrder: nextSortOrder(highest === null ? null : Number(highest)),
        externalSource: 'github',
        externalId: String(label.id),
        createdBy: run.actor.userId,
        updatedBy: run.actor.userId,
      })
      .returning();
    recordChange(tx, { workspaceId: created.workspaceId, projectId: created.projectId, entity: 'label', entityId: created.id, op: 'create', version: created.version, data: presentLabel(created) });
    await bump(tx, run.sync.id, 'labelsImported');
    labelId = created.id;
  }
  await tx.insert(githubLabelSyncs).values({ repositorySyncId: run.sync.id, githubLabelId: label.id, labelId });
  return labelId;
}

/** The state an imported issue takes: open → the project's default; closed → completed (not planned → cancelled). */
async function stateFor(tx: Db, project: Project, issue: GhIssue): Promise<string | undefined> {
  if (issue.state !== 'closed') return undefined;
  const rows = await tx
    .select({ id: states.id, group: states.group })
    .from(states)
    .where(and(eq(states.projectId, project.id), isNull(states.deletedAt), eq(states.isTriage, false), inArray(states.group, ['completed', 'cancelled'])))
    .orderBy(asc(states.sequence));
  const wanted = issue.state_reason === 'not_planned' ? 'cancelled' : 'completed';
  return (rows.find((row) => row.group === wanted) ?? rows.find((row) => row.group === 'completed'))?.id;
}

async function openStateId(tx: Db, project: Project): Promise<string | null> {
  const rows = await tx
    .select({ id: states.id, isDefault: states.isDefault })
    .from(states)
    .where(and(eq(states.projectId, project.id), isNull(states.deletedAt), eq(states.isTriage, false)))
    .orderBy(asc(states.sequence));
  return (rows.find((row) => row.isDefault) ?? rows[0])?.id ?? null;
}

const issueLabelsOf = (issue: GhIssue): GhLabel[] => (issue.labels ?? []).filter((label): label is GhLabel => typeof label === 'object' && label !== null && typeof label.id === 'number');

async function importIssue(run: RunContext, issue: GhIssue): Promise<void> {
  await itemTransaction(run, async (tx) => {
    if (issue.pull_request) return bump(tx, run.sync.id, 'pullRequestsSkipped');
    const project = run.actor.project;
    const [mapping] = await tx
      .select()
      .from(githubIssueSyncs)
      .where(and(eq(githubIssueSyncs.repositorySyncId, run.sync.id), eq(githubIssueSyncs.githubIssueId, issue.id)));
    const ghLabels = issueLabelsOf(issue);
    const wanted: ImportedIssue = {
      title: issue.title.trim().slice(0, 255) || `#${issue.number}`,
      body: digest(issue.body_html ?? issue.body ?? ''),
      state: issue.state,
      labels: ghLabels.map((label) => label.id).sort((a, b) => a - b),
    };
    const labelIdOf = new Map<number, string | null>();
    for (const label of ghLabels) labelIdOf.set(label.id, await ensureLabel(tx, run, label));
    const mappedLabels = (ids: number[]) => ids.map((id) => labelIdOf.get(id)).filter((id): id is string => Boolean(id));
    const githubUpdatedAt = issue.updated_at ? new Date(issue.updated_at) : null;

    if (!mapping) {
      const created = await insertIssue(
        tx,
        project,
        {
          name: wanted.title!,
          description_html: githubBodyHtml(issue) || '<p></p>',
          state_id: await stateFor(tx, project, issue),
          label_ids: mappedLabels(wanted.labels!),
          external_source: 'github',
          external_id: String(issue.id),
        },
        run.actor.userId,
      );
      await insertIssueLink(tx, created, { url: issue.html_url, title: `GitHub #${issue.number}`, metadata: { source: 'github', number: issue.number } }, run.actor.userId);
      await tx.insert(githubIssueSyncs).values({
        repositorySyncId: run.sync.id,
        githubIssueId: issue.id,
        githubIssueNumber: issue.number,
        issueId: created.id,
        repoIssueUrl: issue.html_url,
        githubUpdatedAt,
        imported: wanted,
      });
      return bump(tx, run.sync.id, 'issuesImported');
    }

    const before = mapping.imported as ImportedIssue;
    const current = await loadIssueRow(tx, project.id, mapping.issueId);
    const body: UpdateIssueBody = {};
    if (current) {
      if (before.title !== wanted.title) body.name = wanted.title;
      if (before.body !== wanted.body) body.description_html = githubBodyHtml(issue) || '<p></p>';
      if (before.state !== wanted.state) {
        const stateId = issue.state === 'closed' ? await stateFor(tx, project, issue) : await openStateId(tx, project);
        if (stateId) body.state_id = stateId;
      }
      const previous = before.labels ?? [];
      if (previous.join() !== wanted.labels!.join()) {
        const removedIds = new Set(mappedLabels(previous.filter((id) => !wanted.labels!.includes(id))));
        const removed = previous.filter((id) => !wanted.labels!.includes(id));
        if (removed.length) {
          const rows = await tx.select({ labelId: githubLabelSyncs.labelId }).from(githubLabelSyncs)
            .where(and(eq(githubLabelSyncs.repositorySyncId, run.sync.id), inArray(githubLabelSyncs.githubLabelId, removed)));
          for (const row of rows) removedIds.add(row.labelId);
        }
        body.label_ids = [...new Set([...current.labelIds.filter((id) => !removedIds.has(id)), ...mappedLabels(wanted.labels!)])];
      }
    }
    // Deleted here, or nothing changed on GitHub: only the mapping learns GitHub's current values.
    await tx.update(githubIssueSyncs).set({ githubUpdatedAt, imported: wanted, updatedAt: new Date() }).where(eq(githubIssueSyncs.id, mapping.id));
    if (!current || Object.keys(body).length === 0) return;
    await applyIssueUpdate(tx, project, current, body, run.actor.userId);
    await bump(tx, run.sync.id, 'issuesUpdated');
  });
}

/** A comment as stored: who wrote it on GitHub and a link to it, then GitHub's rendering. */
function commentHtml(comment: GhComment): Promise<string> {
  const who = escapeHtml(comment.user?.login ?? 'someone');
  const where = comment.html_url && /^https?:\/\//.test(comment.html_url) ? `<a href="${escapeHtml(comment.html_url)}">GitHub</a>` : 'GitHub';
  return sanitizeRichHtml(`<p><strong>${who}</strong> commented on ${where}:</p>${githubBodyHtml(comment)}`);
}

async function importComment(run: RunContext, comment: GhComment): Promise<void> {
  const number = Number(/\/issues\/(\d+)\/?$/.exec(comment.issue_url ?? '')?.[1]);
  if (!Number.isInteger(number)) return;
  await itemTransaction(run, async (tx) => {
    const [issueMapping] = await tx
      .select({ issueId: githubIssueSyncs.issueId })
      .from(githubIssueSyncs)
      .where(and(eq(githubIssueSyncs.repositorySyncId, run.sync.id), eq(githubIssueSyncs.githubIssueNumber, number)));
    // A pull request's comment, or an issue this run did not import: nothing to attach it to.
    if (!issueMapping) return;
    const issue = await loadIssueRow(tx, run.actor.project.id, issueMapping.issueId);
    if (!issue) return;
    const html = await commentHtml(comment);
    const githubUpdatedAt = comment.updated_at ? new Date(comment.updated_at) : null;
    const [mapping] = await tx
      .select({ id: githubCommentSyncs.id, commentId: githubCommentSyncs.commentId, githubUpdatedAt: githubCommentSyncs.githubUpdatedAt })
      .from(githubCommentSyncs)
      .where(and(eq(githubCommentSyncs.repositorySyncId, run.sync.id), eq(githubCommentSyncs.githubCommentId, comment.id)));
    if (!mapping) {
      const { row } = await insertComment(tx, run.actor, issue, { html, external: { source: 'github', id: String(comment.id) } });
      await tx.insert(githubCommentSyncs).values({ repositorySyncId: run.sync.id, githubCommentId: comment.id, commentId: row.id, githubUpdatedAt });
      return bump(tx, run.sync.id, 'commentsImported');
    }
    if (githubUpdatedAt && mapping.githubUpdatedAt && githubUpdatedAt.getTime() === mapping.githubUpdatedAt.getTime()) return;
    await tx.update(githubCommentSyncs).set({ githubUpdatedAt, updatedAt: new Date() }).where(eq(githubCommentSyncs.id, mapping.id));
    const [existing] = await tx.select().from(issueComments).where(and(eq(issueComments.id, mapping.commentId), isNull(issueComments.deletedAt)));
    if (!existing || existing.commentHtml === html) return;
    const [row] = await tx
      .update(issueComments)
      .set({ commentHtml: html, commentStripped: await htmlToPlainText(html), editedAt: new Date(), version: existing.version + 1, updatedAt: new Date(), updatedBy: run.actor.userId })
      .where(eq(issueComments.id, existing.id))
      .returning();
    await writeActivities(tx, issue, run.actor.userId, [{ verb: 'updated', field: 'comment', oldValue: existing.commentHtml, newValue: html, comment: 'updated a comment', issueCommentId: row.id }]);
    const [wire] = await presentComments(tx, run.actor, issue, [row]);
    recordChange(tx, { workspaceId: row.workspaceId, projectId: row.projectId, entity: 'comment', entityId: row.id, op: 'update', version: row.version, data: wire, issueIds: [row.issueId] });
  });
}

/** The first page of a phase. */
function firstUrl(run: RunContext, phase: Phase): string {
  const repo = `${syncBaseUrl(run.ctx.config, run.sync)}/repos/${encodeURIComponent(run.repo.owner)}/${encodeURIComponent(run.repo.name)}`;
  const since = run.sync.lastSyncedAt ? `&since=${encodeURIComponent(new Date(run.sync.lastSyncedAt.getTime() - SINCE_MARGIN_MS).toISOString())}` : '';
  switch (phase) {
    case 'repository':
      return repo;
    case 'labels':
      return `${repo}/labels?per_page=${PER_PAGE}`;
    // Oldest first by creation: a page boundary does not move while items are edited during the run.
    case 'issues':
      return `${repo}/issues?state=all&sort=created&direction=asc&per_page=${PER_PAGE}${since}`;
    case 'comments':
      return `${repo}/issues/comments?sort=created&direction=asc&per_page=${PER_PAGE}${since}`;
  }
}

/** Saves the cursor (and status) of this run; false when the run was replaced meanwhile. */
async function saveRun(db: Db, run: RunContext, patch: Partial<typeof githubRepositorySyncs.$inferInsert>): Promise<boolean> {
  const rows = await db
    .update(githubRepositorySyncs)
    .set({ ...patch, updatedAt: new Date() })
    .where(and(eq(githubRepositorySyncs.id, run.sync.id), eq(githubRepositorySyncs.runId, run.sync.runId!)))
    .returning({ id: githubRepositorySyncs.id });
  return rows.length > 0;
}

/** Hands the run to a new job at `runAt` (a rate limit, or the next slice), in one transaction with the cursor. */
async function continueLater(run: RunContext, runAt: Date | null, patch: Partial<typeof githubRepositorySyncs.$inferInsert>): Promise<void> {
  await run.ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    if (!(await saveRun(tx, run, patch))) return;
    const payload: GithubImportPayload = { syncId: run.sync.id, runId: run.sync.runId! };
    await enqueueJob(tx, GITHUB_IMPORT_QUEUE, payload, { maxAttempts: 6, ...(runAt ? { runAt } : {}) });
  });
}

async function importSlice(run: RunContext): Promise<void> {
  const { ctx, sync } = run;
  let phase = (sync.phase ?? 'repository') as Phase;
  let nextUrl = sync.nextUrl;
  const allowed = githubAllowedHosts(ctx.config);
  if (!(await saveRun(ctx.db, run, { status: 'running', phase, rateLimitedUntil: null, ...(sync.runStartedAt ? {} : { runStartedAt: new Date() }) }))) return;
  const runStartedAt = sync.runStartedAt ?? new Date();
  for (let pages = 0; pages < PAGES_PER_JOB; pages++) {
    const page = await githubGet(nextUrl ?? firstUrl(run, phase), run.token, syncBaseUrl(ctx.config, sync), allowed);
    if (page.retryAt) {
      const message = `Rate limited by GitHub (${page.status}); resuming at ${page.retryAt.toISOString()}`;
      return continueLater(run, page.retryAt, { status: 'waiting', phase, nextUrl, rateLimitedUntil: page.retryAt, lastError: message });
    }
    if (page.status >= 400 || page.status < 200) throw new GithubRequestError(githubErrorMessage(page), page.status < 500 && page.status !== 408);
    if (phase === 'repository') {
      const body = page.body as { id?: number; html_url?: string } | null;
      await ctx.db
        .update(githubRepositories)
        .set({ repositoryId: typeof body?.id === 'number' ? body.id : run.repo.repositoryId, url: typeof body?.html_url === 'string' ? body.html_url : run.repo.url, updatedAt: new Date() })
        .where(eq(githubRepositories.id, run.repo.id));
    } else {
      if (!Array.isArray(page.body)) throw new GithubRequestError('GitHub did not answer with a list', false);
      for (const item of page.body) {
        if (!item || typeof item !== 'object' || typeof (item as { id?: unknown }).id !== 'number') continue;
        if (phase === 'labels') await itemTransaction(run, (tx) => ensureLabel(tx, run, item as GhLabel));
        else if (phase === 'issues') await importIssue(run, item as GhIssue);
        else await importComment(run, item as GhComment);
      }
    }
    // The page is done: move the cursor (GitHub's next page, else the next phase).
    if (page.next) nextUrl = page.next;
    else {
      const following = PHASES[PHASES.indexOf(phase) + 1];
      nextUrl = null;
      if (!following) {
        await saveRun(ctx.db, run, {
          status: 'done',
          phase: null,
          nextUrl: null,
          lastSyncedAt: runStartedAt,
          lastRunFinishedAt: new Date(),
          rateLimitedUntil: null,
          lastError: null,
        });
        ctx.maintenance?.afterBulkWork?.();
        return;
      }
      phase = following;
    }
    if (page.exhaustedUntil) {
      const message = `GitHub rate limit used up; resuming at ${page.exhaustedUntil.toISOString()}`;
      return continueLater(run, page.exhaustedUntil, { status: 'waiting', phase, nextUrl, rateLimitedUntil: page.exhaustedUntil, lastError: message });
    }
    if (!(await saveRun(ctx.db, run, { phase, nextUrl }))) return;
  }
  await continueLater(run, null, { phase, nextUrl });
}

/** Network errors that mean the API host cannot be reached at all. */
const UNREACHABLE_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'ECONNREFUSED', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_FAIL']);

/** A plain sentence for an unreachable API host, or null when the error is something else. */
function unreachableMessage(error: unknown, apiBase: string): string | null {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (!code || !UNREACHABLE_CODES.has(code)) return null;
  return `Cannot reach GitHub at ${new URL(apiBase).host} — check the network or the API URL, then re-run.`;
}

/** One job of a run: a few pages, then a continuation job (or the end of the run). */
async function runGithubImport(ctx: ServerContext, job: JobRun<GithubImportPayload>): Promise<void> {
  const found = await loadRun(ctx.db, job.payload.syncId);
  if (!found || found.sync.runId !== job.payload.runId || found.sync.status === 'done' || found.sync.status === 'failed') return;
  const { sync, repo } = found;
  const fail = async (message: string, permanent: boolean) => {
    await ctx.db
      .update(githubRepositorySyncs)
      .set({ lastError: message.slice(0, 2000), ...(permanent ? { status: 'failed' } : {}), updatedAt: new Date() })
      .where(and(eq(githubRepositorySyncs.id, sync.id), eq(githubRepositorySyncs.runId, job.payload.runId)));
  };
  try {
    let token: string;
    try {
      token = decryptToken(ctx.config.secretKey, sync.credentials);
    } catch {
      throw new PermanentJobError('The stored token cannot be read (was SECRET_KEY changed?); link the repository again with a token.');
    }
    const actor = await loadImportActor(ctx.db, sync);
    await importSlice({ ctx, sync, repo, actor, token });
  } catch (error) {
    if (error instanceof StaleRun) return;
    const unreachable = unreachableMessage(error, syncBaseUrl(ctx.config, sync));
    const message = unreachable ?? (error instanceof Error ? error.message : String(error));
    // GitHub that cannot be reached at all (no network, a wrong API URL) fails the run at once with a
    // plain sentence: retrying for minutes behind an "Importing labels" badge helps nobody, and the
    // settings screen offers "Re-run". A reset or a timeout mid-run is retried as before.
    const permanent = error instanceof PermanentJobError || (error instanceof GithubRequestError && error.permanent) || unreachable !== null || job.isLastAttempt;
    await fail(message, permanent);
    if (permanent) throw new PermanentJobError(message);
    throw error;
  }
}

/** Registers the import handler on the process's job queue. */
export function registerGithubImport(ctx: ServerContext, queue: JobQueue): void {
  queue.register<GithubImportPayload>(GITHUB_IMPORT_QUEUE, (job) => runGithubImport(ctx, job), { backoffBaseMs: 5_000, maxBackoffMs: 10 * 60_000 });
}
