// What the issue detail shows beyond the issue row: comments (with their reactions), issue
// reactions, links, attachments, relations and sub-issues (activity has its own store,
// issue-activity-store.ts). The rows live in entity stores (issue-children.ts; sub-issues in the
// issue store), so every change here is a pending mutation: shown at once, confirmed by its answer
// or live echo, and on failure dropped — never a snapshot put back over newer live changes.
import { useMemo } from 'react';
import { http } from '../api/http';
import type { IssueDetail as WireIssueDetail } from '../api/types';
import { reportFailure } from './toast-store';
import type { ChangeMessage } from '../../shared/live-protocol';
import type { OutboxInput, StoredPending } from '../outbox/outbox';
import { isDiscarded, outboxMutate } from '../outbox/work-outbox';
import { createMutationId, temporaryId } from './create-entity-store';
import { issuePath } from './api-paths';
import { fetchIssueActivity } from './issue-activity-store';
import {
  attachments,
  CHILD_STORES,
  comments,
  emptyMeta,
  issueReactions,
  links,
  patchMeta,
  relationId,
  relationRows,
  relations,
  replaceIssueRows,
  useDetailMeta,
  type Attachment,
  type Comment,
  type DetailMeta,
  type IssueLink,
  type Reaction,
  type RelationItem,
  type Relations,
} from './issue-children';
import { getIssue, issueEntities, issueFromWire, upsertIssues, type Issue } from './issue-store';

export type { Attachment, Comment, IssueLink, Reaction, RelationItem, Relations } from './issue-children';
export { resetIssueChildren } from './issue-children';

/**
 * Everything the detail shows, as one object for the screens: the store's rows grouped for one
 * issue, not a wire shape (the detail's answer is `IssueDetail` of client/api/types.ts).
 */
export interface IssueDetailView extends DetailMeta {
  comments: Comment[];
  reactions: Reaction[];
  links: IssueLink[];
  attachments: Attachment[];
  relations: Relations;
  subIssues: Issue[];
}

const asArray = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Loads the issue and everything its detail shows (spec §7 "Opening an issue also fetches…"). @throws Error('Issue not found') */
export async function fetchIssueDetail(slug: string, projectId: string, issueId: string): Promise<void> {
  const base = issuePath(slug, projectId, issueId);
  patchMeta(issueId, (meta) => ({ status: meta.status === 'ready' ? 'ready' : 'loading' }));
  try {
    const issue = await http.get<WireIssueDetail>(`${base}/`, { expand: 'issue_reactions,issue_attachments,issue_link,parent' });
    if (!issue) throw new Error('Issue not found');
    const { issue_reactions: reactionRows, issue_link: linkRows, issue_attachments: attachmentRows, ...row } = issue;
    upsertIssues([issueFromWire({ ...row, label_ids: row.label_ids ?? [], assignee_ids: row.assignee_ids ?? [], parent_id: row.parent_id ?? row.parent?.id ?? null })]);
    replaceIssueRows(issueReactions, issueId, asArray(reactionRows));
    replaceIssueRows(links, issueId, asArray(linkRows));
    replaceIssueRows(attachments, issueId, asArray(attachmentRows));
    patchMeta(issueId, { status: 'ready' });
  } catch (error) {
    patchMeta(issueId, { status: 'error' });
    throw error;
  }
  // The issue itself is shown; a part that fails to load (comments, links…) is said once, not hidden,
  // and does not stop the other parts.
  let partFailure: unknown;
  const settle = <T,>(promise: Promise<T>, apply: (value: T) => void) => promise.then(apply).catch((error: unknown) => {
    partFailure ??= error;
  });
  await Promise.all([
    settle(http.get<Comment[]>(`${base}/comments/`), (rows) => replaceIssueRows(comments, issueId, asArray(rows))),
    // A failed feed is recorded as its status 'error', which the activity feed shows.
    fetchIssueActivity(slug, projectId, issueId).catch(() => undefined),
    settle(http.get<Reaction[]>(`${base}/reactions/`), (rows) => replaceIssueRows(issueReactions, issueId, asArray(rows))),
    settle(http.get<IssueLink[]>(`${base}/issue-links/`), (rows) => replaceIssueRows(links, issueId, asArray(rows))),
    settle(http.get<Attachment[]>(`${base}/issue-attachments/`), (rows) => replaceIssueRows(attachments, issueId, asArray(rows))),
    settle(fetchRelations(slug, projectId, issueId), () => undefined),
    settle(http.get<{ sub_issues: Issue[]; state_distribution: Record<string, string[]> }>(`${base}/sub-issues/`), (answer) => {
      upsertIssues(asArray<Issue>(answer?.sub_issues).map((sub) => ({ ...sub, label_ids: sub.label_ids ?? [], assignee_ids: sub.assignee_ids ?? [], parent_id: issueId })));
      patchMeta(issueId, { stateDistribution: answer?.state_distribution ?? {} });
    }),
  ]);
  if (partFailure !== undefined) reportFailure('toast.refreshFailed', partFailure);
}

/** The parts of an outbox entry every child change has: its mutation id, the issue it is on, the pending rows. */
function childEntry(store: string, issue: Issue, entries: StoredPending[], key: string, keys: string[] = []): Omit<OutboxInput, 'request'> {
  return {
    mutationId: entries[0].mutationId,
    keys: [issue.id, ...keys],
    optimistic: [{ store, entries }],
    label: { key, values: { name: issue.name } },
  };
}

/** Runs one child change through the outbox; a refusal is toasted (and stays listed as not saved) and rethrown. */
async function change(input: OutboxInput, failure: Parameters<typeof reportFailure>[0]): Promise<void> {
  try {
    await outboxMutate(input);
  } catch (error) {
    if (isDiscarded(error)) return;
    reportFailure(failure, error);
    throw error;
  }
}

/** Adds a comment (shown at once as a temporary row; its answer or live echo takes its place). @throws ApiError */
export async function addComment(slug: string, issue: Issue, html: string, actor: string): Promise<void> {
  const mutationId = createMutationId();
  const temp: Comment = { id: temporaryId(mutationId), comment_html: html, actor, created_at: new Date().toISOString(), comment_reactions: [], issue: issue.id };
  await change({
    ...childEntry('comment', issue, [{ mutationId, kind: 'create', id: temp.id, row: temp }], 'outbox.kind.comment', [temp.id]),
    createsTemp: temp.id,
    answerPatch: { issue: issue.id },
    request: { method: 'POST', path: `${issuePath(slug, issue.project_id, issue.id)}/comments/`, body: { comment_html: html } },
  }, 'toast.commentFailed');
}

/** Deletes a comment. @throws ApiError */
export function deleteComment(slug: string, issue: Issue, commentId: string): Promise<void> {
  const mutationId = createMutationId();
  return change({
    ...childEntry('comment', issue, [{ mutationId, kind: 'delete', id: commentId }], 'outbox.kind.commentDelete', [commentId]),
    request: { method: 'DELETE', path: `${issuePath(slug, issue.project_id, issue.id)}/comments/${commentId}/` },
  }, 'toast.commentFailed');
}

/** Toggles my reaction on the issue. @throws ApiError */
export async function toggleIssueReaction(slug: string, issue: Issue, reaction: string, me: string): Promise<void> {
  const base = `${issuePath(slug, issue.project_id, issue.id)}/reactions/`;
  const mine = issueReactions.getRows().find((row) => row.issue === issue.id && row.actor === me && row.reaction === reaction);
  const mutationId = createMutationId();
  if (mine) {
    await change({
      ...childEntry('issue_reaction', issue, [{ mutationId, kind: 'delete', id: mine.id }], 'outbox.kind.reaction'),
      request: { method: 'DELETE', path: `${base}${encodeURIComponent(reaction)}/` },
    }, 'toast.reactionFailed');
    return;
  }
  const temp: Reaction = { id: temporaryId(mutationId), reaction, actor: me, issue: issue.id };
  await change({
    ...childEntry('issue_reaction', issue, [{ mutationId, kind: 'create', id: temp.id, row: temp }], 'outbox.kind.reaction'),
    answerPatch: { reaction, actor: me, issue: issue.id },
    request: { method: 'POST', path: base, body: { reaction } },
  }, 'toast.reactionFailed');
}

/** Toggles my reaction on a comment (the comment row's `comment_reactions`). @throws ApiError */
export async function toggleCommentReaction(slug: string, issue: Issue, comment: Comment, reaction: string, me: string): Promise<void> {
  const base = `${issuePath(slug, issue.project_id, issue.id)}/comments/${comment.id}/reactions/`;
  const current = comments.getRow(comment.id)?.comment_reactions ?? comment.comment_reactions ?? [];
  const mine = current.find((row) => row.actor === me && row.reaction === reaction);
  const next = mine ? current.filter((row) => row !== mine) : [...current, { id: `temp-${reaction}`, reaction, actor: me }];
  const mutationId = createMutationId();
  await change({
    ...childEntry('comment', issue, [{ mutationId, kind: 'update', id: comment.id, patch: { comment_reactions: next } }], 'outbox.kind.reaction', [comment.id]),
    request: mine ? { method: 'DELETE', path: `${base}${encodeURIComponent(reaction)}/` } : { method: 'POST', path: base, body: { reaction } },
  }, 'toast.reactionFailed');
}

/** Adds a link. @throws ApiError (400 invalid or duplicate url) */
export async function addLink(slug: string, issue: Issue, url: string, title?: string): Promise<void> {
  const mutationId = createMutationId();
  const temp: IssueLink = { id: temporaryId(mutationId), url, title: title ?? null, issue: issue.id };
  await change({
    ...childEntry('issue_link', issue, [{ mutationId, kind: 'create', id: temp.id, row: temp }], 'outbox.kind.link', [temp.id]),
    createsTemp: temp.id,
    answerPatch: { issue: issue.id },
    request: { method: 'POST', path: `${issuePath(slug, issue.project_id, issue.id)}/issue-links/`, body: { url, title } },
  }, 'toast.linkFailed');
}

export function deleteLink(slug: string, issue: Issue, linkId: string): Promise<void> {
  const mutationId = createMutationId();
  return change({
    ...childEntry('issue_link', issue, [{ mutationId, kind: 'delete', id: linkId }], 'outbox.kind.link', [linkId]),
    request: { method: 'DELETE', path: `${issuePath(slug, issue.project_id, issue.id)}/issue-links/${linkId}/` },
  }, 'toast.linkFailed');
}

/** Relates issues (`POST issue-relation/ {relation_type, issues}`). @throws ApiError */
export async function addRelation(slug: string, issue: Issue, relationType: string, related: RelationItem): Promise<void> {
  const mutationId = createMutationId();
  const row = { id: relationId(issue.id, relationType, related.id), issue: issue.id, relation_type: relationType, item: related };
  await change({
    ...childEntry('relation', issue, [{ mutationId, kind: 'create', id: row.id, row }], 'outbox.kind.relation', [related.id]),
    request: { method: 'POST', path: `${issuePath(slug, issue.project_id, issue.id)}/issue-relation/`, body: { relation_type: relationType, issues: [related.id] } },
  }, 'toast.relationFailed');
}

export function removeRelation(slug: string, issue: Issue, relationType: string, relatedId: string): Promise<void> {
  const mutationId = createMutationId();
  return change({
    ...childEntry('relation', issue, [{ mutationId, kind: 'delete', id: relationId(issue.id, relationType, relatedId) }], 'outbox.kind.relation', [relatedId]),
    request: { method: 'POST', path: `${issuePath(slug, issue.project_id, issue.id)}/remove-relation/`, body: { relation_type: relationType, related_issue: relatedId } },
  }, 'toast.relationFailed');
}

/** Makes existing issues children of this one (their parent_id, in the issue store). @throws ApiError */
export async function addSubIssues(slug: string, issue: Issue, children: Issue[]): Promise<void> {
  const mutationId = createMutationId();
  // Children not loaded yet become rows first, so the pending parent change has something to apply to.
  upsertIssues(children.filter((child) => !issueEntities.getRow(child.id)));
  const entries = children.map((child) => ({ mutationId, kind: 'update' as const, id: child.id, patch: { parent_id: issue.id } }));
  await change({
    ...childEntry('issue', issue, entries, 'outbox.kind.subIssues', children.map((child) => child.id)),
    request: { method: 'POST', path: `${issuePath(slug, issue.project_id, issue.id)}/sub-issues/`, body: { sub_issue_ids: children.map((child) => child.id) } },
  }, 'toast.subIssueFailed');
}

/** Removes the parent of a sub-issue (PATCH the child with parent_id null). */
export async function removeSubIssue(slug: string, parent: Issue, child: Issue): Promise<void> {
  const mutationId = createMutationId();
  await change({
    ...childEntry('issue', child, [{ mutationId, kind: 'update', id: child.id, patch: { parent_id: null } }], 'outbox.kind.subIssues', [parent.id]),
    request: { method: 'PATCH', path: `${issuePath(slug, child.project_id, child.id)}/`, body: { parent_id: null } },
  }, 'toast.subIssueFailed');
}

/**
 * Uploads a file with progress (XMLHttpRequest, multipart field `asset`).
 * @throws Error with the status when the server refuses (413 too large).
 */
export function uploadAttachment(slug: string, issue: Issue, file: File, csrfToken: string): Promise<void> {
  const entry = { name: file.name, progress: 0 };
  patchMeta(issue.id, (meta) => ({ uploads: [...meta.uploads, entry] }));
  const setProgress = (progress: number) => patchMeta(issue.id, (meta) => ({ uploads: meta.uploads.map((row) => (row.name === file.name ? { ...row, progress } : row)) }));
  const done = () => patchMeta(issue.id, (meta) => ({ uploads: meta.uploads.filter((row) => row.name !== file.name) }));
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${issuePath(slug, issue.project_id, issue.id)}/issue-attachments/`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('X-CSRFToken', csrfToken);
    xhr.upload.onprogress = (event) => event.lengthComputable && setProgress(Math.round((event.loaded / event.total) * 100));
    xhr.onload = () => {
      done();
      if (xhr.status >= 200 && xhr.status < 300) {
        try {
          const saved = JSON.parse(xhr.responseText) as Attachment;
          attachments.upsert({ ...saved, issue: issue.id });
        } catch {
          // An empty answer: the list refreshes on the next open.
        }
        resolve();
      } else {
        const error = Object.assign(new Error(`HTTP ${xhr.status}`), { status: xhr.status, body: safeJson(xhr.responseText) });
        reportFailure('toast.attachmentFailed', error, { name: file.name });
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      const error = new Error('network');
      reportFailure('toast.attachmentFailed', error, { name: file.name });
      reject(error);
    };
    const form = new FormData();
    form.append('asset', file);
    form.append('attributes', JSON.stringify({ name: file.name, size: file.size, type: file.type }));
    xhr.send(form);
  });
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function deleteAttachment(slug: string, issue: Issue, attachmentId: string): Promise<void> {
  const mutationId = createMutationId();
  return change({
    ...childEntry('issue_attachment', issue, [{ mutationId, kind: 'delete', id: attachmentId }], 'outbox.kind.attachment', [attachmentId]),
    request: { method: 'DELETE', path: `${issuePath(slug, issue.project_id, issue.id)}/issue-attachments/${attachmentId}/` },
  }, 'toast.attachmentFailed');
}

/** GET `issue-relation/` of one issue into the relation rows. */
async function fetchRelations(slug: string, projectId: string, issueId: string): Promise<void> {
  const answer = await http.get<Relations>(`${issuePath(slug, projectId, issueId)}/issue-relation/`);
  replaceIssueRows(relations, issueId, relationRows(issueId, answer ?? {}));
}

/**
 * A live `issue_relation` change: the event carries the relation row, not the related issue's
 * name and state that the detail shows, so the open issues it names (every open issue, for a
 * delete, which names only the row) read their relations again.
 */
export function applyRelationChange(change: ChangeMessage): void {
  const open = Object.keys(useDetailMeta.getState());
  const named = change.op === 'delete' ? open : [change.data.issue, change.data.related_issue].filter((id): id is string => typeof id === 'string' && open.includes(id));
  for (const issueId of named) {
    const projectId = getIssue(issueId)?.project_id;
    if (projectId) fetchRelations(change.workspace, projectId, issueId).catch((error: unknown) => reportFailure('toast.refreshFailed', error));
  }
}

/** Merges a live comment / link / attachment / reaction change into its store. */
export function applyDetailChange(change: ChangeMessage): void {
  CHILD_STORES[change.entity as keyof typeof CHILD_STORES]?.applyChange(change);
}

const byIssue = <Row extends { issue?: string }>(rows: Row[], issueId: string | undefined) => rows.filter((row) => row.issue === issueId);
const EMPTY_META = emptyMeta();
/** Newest first, as the server lists links; a link not saved yet (no created_at) on top. */
const newestFirst = (rows: IssueLink[]) => [...rows].sort((a, b) => (b.created_at ?? '\uffff').localeCompare(a.created_at ?? '\uffff'));

/** The detail of one issue as shown (pending changes applied). */
export function useIssueDetail(issueId: string | undefined): IssueDetailView {
  const meta = useDetailMeta((state) => (issueId ? state[issueId] : undefined)) ?? EMPTY_META;
  const commentRows = comments.useRows();
  const reactionRows = issueReactions.useRows();
  const linkRows = links.useRows();
  const attachmentRows = attachments.useRows();
  const relationRowsShown = relations.useRows();
  const issues = issueEntities.useRows();
  return useMemo(() => {
    const grouped: Relations = {};
    for (const row of byIssue(relationRowsShown, issueId)) (grouped[row.relation_type] ??= []).push(row.item);
    return {
      ...meta,
      comments: byIssue(commentRows, issueId),
      reactions: byIssue(reactionRows, issueId),
      links: newestFirst(byIssue(linkRows, issueId)),
      attachments: byIssue(attachmentRows, issueId),
      relations: grouped,
      subIssues: issueId ? issues.filter((row) => row.parent_id === issueId) : [],
    };
  }, [meta, commentRows, reactionRows, linkRows, attachmentRows, relationRowsShown, issues, issueId]);
}
