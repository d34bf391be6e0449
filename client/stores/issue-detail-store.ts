// What the issue detail shows beyond the issue row: comments (with reactions), reactions, links,
// attachments, relations and sub-issues (activity has its own store, issue-activity-store.ts).
// Changes are optimistic with rollback.
import { create } from 'zustand';
import { http } from '../api/http';
import { reportFailure } from '../components/app-shell/toast-store';
import { createMutationId } from './create-entity-store';
import { issuePath } from './api-paths';
import { fetchIssueActivity } from './issue-activity-store';
import { upsertIssues, type Issue } from './issue-store';
import type { LiveChange } from './live-merge';

export interface Reaction { id: string; reaction: string; actor: string }
export interface Comment { id: string; comment_html: string; actor?: string; created_by?: string; created_at: string; updated_at?: string; comment_reactions?: Reaction[]; issue?: string }
export interface IssueLink { id: string; url: string; title?: string | null; created_at?: string }
export interface Attachment { id: string; asset?: string; asset_url?: string; attributes?: { name?: string; size?: number; type?: string }; created_at?: string }
export interface RelationItem { id: string; name: string; sequence_id: number; project_id: string; relation_type?: string; state_id?: string | null }
export type Relations = Record<string, RelationItem[]>;

export interface IssueDetail {
  comments: Comment[];
  reactions: Reaction[];
  links: IssueLink[];
  attachments: Attachment[];
  relations: Relations;
  subIssues: Issue[];
  stateDistribution: Record<string, string[]>;
  uploads: { name: string; progress: number }[];
  status: 'loading' | 'ready' | 'error';
}

const emptyDetail = (): IssueDetail => ({ comments: [], reactions: [], links: [], attachments: [], relations: {}, subIssues: [], stateDistribution: {}, uploads: [], status: 'loading' });

export const useIssueDetailStore = create<{ details: Record<string, IssueDetail> }>(() => ({ details: {} }));

function patchDetail(issueId: string, patch: Partial<IssueDetail> | ((detail: IssueDetail) => Partial<IssueDetail>)): void {
  useIssueDetailStore.setState((state) => {
    const current = state.details[issueId] ?? emptyDetail();
    const next = typeof patch === 'function' ? patch(current) : patch;
    return { details: { ...state.details, [issueId]: { ...current, ...next } } };
  });
}

const asArray = <T,>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

/** Loads the issue and everything its detail shows (spec §7 "Opening an issue also fetches…"). @throws Error('Issue not found') */
export async function fetchIssueDetail(slug: string, projectId: string, issueId: string): Promise<void> {
  const base = issuePath(slug, projectId, issueId);
  patchDetail(issueId, (detail) => ({ status: detail.status === 'ready' ? 'ready' : 'loading' }));
  try {
    const issue = await http.get<Issue & { issue_reactions?: Reaction[]; issue_link?: IssueLink[]; issue_attachments?: Attachment[] }>(`${base}/`, { expand: 'issue_reactions,issue_attachments,issue_link,parent' });
    if (!issue) throw new Error('Issue not found');
    const { issue_reactions: reactions, issue_link: links, issue_attachments: attachments, ...row } = issue;
    upsertIssues([{ ...row, label_ids: row.label_ids ?? [], assignee_ids: row.assignee_ids ?? [], parent_id: row.parent_id ?? (row as { parent?: { id?: string } | null }).parent?.id ?? null } as Issue]);
    patchDetail(issueId, { reactions: asArray(reactions), links: asArray(links), attachments: asArray(attachments), status: 'ready' });
  } catch (error) {
    patchDetail(issueId, { status: 'error' });
    throw error;
  }
  const settle = <T,>(promise: Promise<T>, apply: (value: T) => void) => promise.then(apply).catch(() => undefined);
  await Promise.all([
    settle(http.get<Comment[]>(`${base}/comments/`), (comments) => patchDetail(issueId, { comments: asArray(comments) })),
    fetchIssueActivity(slug, projectId, issueId).catch(() => undefined),
    settle(http.get<Reaction[]>(`${base}/reactions/`), (reactions) => patchDetail(issueId, { reactions: asArray(reactions) })),
    settle(http.get<IssueLink[]>(`${base}/issue-links/`), (links) => patchDetail(issueId, { links: asArray(links) })),
    settle(http.get<Attachment[]>(`${base}/issue-attachments/`), (attachments) => patchDetail(issueId, { attachments: asArray(attachments) })),
    settle(http.get<Relations>(`${base}/issue-relation/`), (relations) => patchDetail(issueId, { relations: relations ?? {} })),
    settle(http.get<{ sub_issues: Issue[]; state_distribution: Record<string, string[]> }>(`${base}/sub-issues/`), (answer) => {
      const subs = asArray<Issue>(answer?.sub_issues).map((sub) => ({ ...sub, label_ids: sub.label_ids ?? [], assignee_ids: sub.assignee_ids ?? [], parent_id: issueId }));
      upsertIssues(subs);
      patchDetail(issueId, { subIssues: subs, stateDistribution: answer?.state_distribution ?? {} });
    }),
  ]);
}

/** Runs an optimistic detail change: apply, send, and restore the previous detail on failure. */
async function optimistic<T>(issueId: string, apply: (detail: IssueDetail) => Partial<IssueDetail>, send: () => Promise<T>, failure: Parameters<typeof reportFailure>[0]): Promise<T> {
  const before = useIssueDetailStore.getState().details[issueId] ?? emptyDetail();
  patchDetail(issueId, apply);
  try {
    return await send();
  } catch (error) {
    patchDetail(issueId, (detail) => ({ ...before, uploads: detail.uploads }));
    reportFailure(failure, error);
    throw error;
  }
}

/** Adds a comment (shown at once as a temporary row). @throws ApiError */
export async function addComment(slug: string, issue: Issue, html: string, actor: string): Promise<void> {
  // The temporary id carries the mutation id, so the live echo of this comment replaces it in place.
  const mutationId = createMutationId();
  const tempId = `temp-${mutationId}`;
  const temp: Comment = { id: tempId, comment_html: html, actor, created_at: new Date().toISOString(), comment_reactions: [] };
  const saved = await optimistic(issue.id, (detail) => ({ comments: [...detail.comments, temp] }), () => http.post<Comment>(`${issuePath(slug, issue.project_id, issue.id)}/comments/`, { comment_html: html }, { mutationId }), 'toast.commentFailed');
  patchDetail(issue.id, (detail) => ({ comments: detail.comments.some((row) => row.id === saved.id) ? detail.comments.filter((row) => row.id !== tempId) : detail.comments.map((row) => (row.id === tempId ? saved : row)) }));
}

/** Deletes a comment. @throws ApiError */
export function deleteComment(slug: string, issue: Issue, commentId: string): Promise<unknown> {
  return optimistic(issue.id, (detail) => ({ comments: detail.comments.filter((row) => row.id !== commentId) }), () => http.delete(`${issuePath(slug, issue.project_id, issue.id)}/comments/${commentId}/`, { mutationId: createMutationId() }), 'toast.commentFailed');
}

/** Toggles my reaction on the issue. @throws ApiError */
export async function toggleIssueReaction(slug: string, issue: Issue, reaction: string, me: string): Promise<void> {
  const base = `${issuePath(slug, issue.project_id, issue.id)}/reactions/`;
  const mine = (useIssueDetailStore.getState().details[issue.id]?.reactions ?? []).find((row) => row.actor === me && row.reaction === reaction);
  if (mine) {
    await optimistic(issue.id, (detail) => ({ reactions: detail.reactions.filter((row) => row !== mine) }), () => http.delete(`${base}${encodeURIComponent(reaction)}/`), 'toast.reactionFailed');
    return;
  }
  const temp = { id: `temp-${createMutationId()}`, reaction, actor: me };
  const saved = await optimistic(issue.id, (detail) => ({ reactions: [...detail.reactions, temp] }), () => http.post<Reaction>(base, { reaction }), 'toast.reactionFailed');
  patchDetail(issue.id, (detail) => ({ reactions: detail.reactions.map((row) => (row.id === temp.id ? { ...temp, ...saved } : row)) }));
}

/** Toggles my reaction on a comment. @throws ApiError */
export async function toggleCommentReaction(slug: string, issue: Issue, comment: Comment, reaction: string, me: string): Promise<void> {
  const base = `${issuePath(slug, issue.project_id, issue.id)}/comments/${comment.id}/reactions/`;
  const mine = (comment.comment_reactions ?? []).find((row) => row.actor === me && row.reaction === reaction);
  const withReactions = (reactions: Reaction[]) => (detail: IssueDetail) => ({ comments: detail.comments.map((row) => (row.id === comment.id ? { ...row, comment_reactions: reactions } : row)) });
  if (mine) {
    await optimistic(issue.id, withReactions((comment.comment_reactions ?? []).filter((row) => row !== mine)), () => http.delete(`${base}${encodeURIComponent(reaction)}/`), 'toast.reactionFailed');
  } else {
    await optimistic(issue.id, withReactions([...(comment.comment_reactions ?? []), { id: `temp-${reaction}`, reaction, actor: me }]), () => http.post(base, { reaction }), 'toast.reactionFailed');
  }
}

/** Adds a link. @throws ApiError (400 invalid or duplicate url) */
export async function addLink(slug: string, issue: Issue, url: string, title?: string): Promise<void> {
  const mutationId = createMutationId();
  const temp = { id: `temp-${mutationId}`, url, title: title ?? null };
  const saved = await optimistic(issue.id, (detail) => ({ links: [temp, ...detail.links] }), () => http.post<IssueLink>(`${issuePath(slug, issue.project_id, issue.id)}/issue-links/`, { url, title }, { mutationId }), 'toast.linkFailed');
  patchDetail(issue.id, (detail) => ({ links: detail.links.some((row) => row.id === saved.id) ? detail.links.filter((row) => row.id !== temp.id) : detail.links.map((row) => (row.id === temp.id ? saved : row)) }));
}

export function deleteLink(slug: string, issue: Issue, linkId: string): Promise<unknown> {
  return optimistic(issue.id, (detail) => ({ links: detail.links.filter((row) => row.id !== linkId) }), () => http.delete(`${issuePath(slug, issue.project_id, issue.id)}/issue-links/${linkId}/`, { mutationId: createMutationId() }), 'toast.linkFailed');
}

/** Relates issues (`POST issue-relation/ {relation_type, issues}`). @throws ApiError */
export async function addRelation(slug: string, issue: Issue, relationType: string, related: RelationItem): Promise<void> {
  await optimistic(issue.id, (detail) => ({ relations: { ...detail.relations, [relationType]: [...(detail.relations[relationType] ?? []), related] } }), () => http.post(`${issuePath(slug, issue.project_id, issue.id)}/issue-relation/`, { relation_type: relationType, issues: [related.id] }), 'toast.relationFailed');
}

export function removeRelation(slug: string, issue: Issue, relationType: string, relatedId: string): Promise<unknown> {
  return optimistic(issue.id, (detail) => ({ relations: { ...detail.relations, [relationType]: (detail.relations[relationType] ?? []).filter((row) => row.id !== relatedId) } }), () => http.post(`${issuePath(slug, issue.project_id, issue.id)}/remove-relation/`, { relation_type: relationType, related_issue: relatedId }), 'toast.relationFailed');
}

/** Makes existing issues children of this one. @throws ApiError */
export async function addSubIssues(slug: string, issue: Issue, children: Issue[]): Promise<void> {
  await optimistic(issue.id, (detail) => ({ subIssues: [...detail.subIssues, ...children.map((child) => ({ ...child, parent_id: issue.id }))] }), () => http.post(`${issuePath(slug, issue.project_id, issue.id)}/sub-issues/`, { sub_issue_ids: children.map((child) => child.id) }), 'toast.subIssueFailed');
  upsertIssues(children.map((child) => ({ ...child, parent_id: issue.id })));
}

/** Removes the parent of a sub-issue (PATCH the child with parent_id null). */
export async function removeSubIssue(slug: string, parent: Issue, child: Issue): Promise<void> {
  await optimistic(parent.id, (detail) => ({ subIssues: detail.subIssues.filter((row) => row.id !== child.id) }), () => http.patch(`${issuePath(slug, child.project_id, child.id)}/`, { parent_id: null }), 'toast.subIssueFailed');
  upsertIssues([{ ...child, parent_id: null }]);
}

/**
 * Uploads a file with progress (XMLHttpRequest, multipart field `asset`).
 * @throws Error with the status when the server refuses (413 too large).
 */
export function uploadAttachment(slug: string, issue: Issue, file: File, csrfToken: string): Promise<void> {
  const entry = { name: file.name, progress: 0 };
  patchDetail(issue.id, (detail) => ({ uploads: [...detail.uploads, entry] }));
  const setProgress = (progress: number) => patchDetail(issue.id, (detail) => ({ uploads: detail.uploads.map((row) => (row.name === file.name ? { ...row, progress } : row)) }));
  const done = () => patchDetail(issue.id, (detail) => ({ uploads: detail.uploads.filter((row) => row.name !== file.name) }));
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
          patchDetail(issue.id, (detail) => ({ attachments: [saved, ...detail.attachments.filter((row) => row.id !== saved.id)] }));
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

export function deleteAttachment(slug: string, issue: Issue, attachmentId: string): Promise<unknown> {
  return optimistic(issue.id, (detail) => ({ attachments: detail.attachments.filter((row) => row.id !== attachmentId) }), () => http.delete(`${issuePath(slug, issue.project_id, issue.id)}/issue-attachments/${attachmentId}/`, { mutationId: createMutationId() }), 'toast.attachmentFailed');
}

/** Merges live comment / link / attachment / reaction events into open details. */
export function applyDetailChange(change: LiveChange): void {
  const data = change.data as Record<string, unknown> & { id: string };
  const issueId = (data.issue ?? data.issue_id) as string | undefined;
  if (!issueId || !useIssueDetailStore.getState().details[issueId]) return;
  const key = ({ comment: 'comments', issue_link: 'links', issue_attachment: 'attachments', issue_reaction: 'reactions' } as const)[change.entity as 'comment'];
  if (!key) return;
  patchDetail(issueId, (detail): Partial<IssueDetail> => {
    const current = detail[key] as { id: string }[];
    // My own create comes back with my mutation id: it takes the place of its temporary row.
    const tempId = change.client_mutation_id ? `temp-${change.client_mutation_id}` : null;
    const withoutTemp = tempId ? current.filter((row) => row.id !== tempId) : current;
    const exists = withoutTemp.some((row) => row.id === data.id);
    let next: { id: string }[];
    if (change.op === 'delete') next = withoutTemp.filter((row) => row.id !== data.id);
    else if (exists) next = withoutTemp.map((row) => (row.id === data.id ? { ...row, ...data } : row));
    else if (withoutTemp.length !== current.length) next = current.map((row) => (row.id === tempId ? data : row));
    else next = [...current, data];
    return { [key]: next } as Partial<IssueDetail>;
  });
}

const EMPTY = emptyDetail();
export function useIssueDetail(issueId: string | undefined): IssueDetail {
  return useIssueDetailStore((state) => (issueId ? state.details[issueId] : undefined)) ?? EMPTY;
}
