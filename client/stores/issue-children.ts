// The rows an issue detail shows beside the issue itself — comments, issue reactions, links,
// attachments and relations — each in an entity store of its own (create-entity-store.ts), so they
// are optimistic, version-checked and live-merged the one way every store is. Every row carries
// the id of its issue (`issue`). Sub-issues are issues: they live in the issue store (parent_id).
import { create } from 'zustand';
import type { ChangeMessage } from '../../shared/live-protocol';
import type { IssueAttachment, IssueComment, IssueLink as WireIssueLink, IssueReaction, RelatedIssue, StoreRow } from '../api/types';
import { registerOutboxStore } from '../outbox/work-outbox';
import { createEntityStore } from './create-entity-store';

// The rows as the stores keep them, inferred from the response schemas (shared/schemas/issue-extras.ts):
// an optimistic row or a live change carries fewer fields than the list answer, so only what every
// row has is required.
/** An issue reaction; my optimistic one has only who reacted with what. */
export type Reaction = StoreRow<IssueReaction, 'id' | 'reaction' | 'actor'>;
/** A reaction inside its comment's row: a live change or my optimistic toggle carries only who reacted with what. */
export type CommentReaction = StoreRow<IssueComment['comment_reactions'][number], 'id' | 'reaction' | 'actor'>;
/** A comment; my optimistic one has its text, author and time, and the reactions I toggle. */
export type Comment = StoreRow<Omit<IssueComment, 'comment_reactions'>, 'id' | 'comment_html' | 'created_at'> & { comment_reactions?: CommentReaction[] };
export type IssueLink = StoreRow<WireIssueLink, 'id' | 'url'>;
export type Attachment = StoreRow<IssueAttachment, 'id'>;
/** A related issue; one I just related (from the picker) has only what the picker knew of it. */
export type RelationItem = StoreRow<RelatedIssue, 'id' | 'name' | 'sequence_id' | 'project_id'>;
export type Relations = Record<string, RelationItem[]>;
/** One relation of an issue as a row: `id` is `{issue}:{relation_type}:{related id}`. */
interface RelationRow { id: string; issue: string; relation_type: string; item: RelationItem }

/** What the detail knows besides its rows: load status, the sub-issue state distribution, uploads in flight. */
export interface DetailMeta {
  status: 'loading' | 'ready' | 'error';
  stateDistribution: Record<string, string[]>;
  uploads: { name: string; progress: number }[];
}

export const emptyMeta = (): DetailMeta => ({ status: 'loading', stateDistribution: {}, uploads: [] });

/** Per open issue: its detail meta. An issue without an entry is not open. */
export const useDetailMeta = create<Record<string, DetailMeta>>(() => ({}));

export function patchMeta(issueId: string, patch: Partial<DetailMeta> | ((meta: DetailMeta) => Partial<DetailMeta>)): void {
  useDetailMeta.setState((state) => {
    const current = state[issueId] ?? emptyMeta();
    return { [issueId]: { ...current, ...(typeof patch === 'function' ? patch(current) : patch) } };
  });
}

/** The issue a live child change belongs to (events name it `issue` or `issue_id`). */
function issueOfChange(data: Record<string, unknown>): string | undefined {
  const issue = data.issue ?? data.issue_id;
  return typeof issue === 'string' ? issue : undefined;
}

/**
 * Children of open issues take live changes (a delete names only the row's id, so it always
 * passes: removing an unknown id changes nothing).
 */
const openIssueOnly = (change: ChangeMessage) => {
  if (change.op === 'delete') return true;
  const issue = issueOfChange(change.data);
  return issue !== undefined && useDetailMeta.getState()[issue] !== undefined;
};

function childStore<Row extends { id: string; issue?: string }>() {
  return createEntityStore<Row>({
    accepts: openIssueOnly,
    // Merge: a live change of a comment does not carry its reactions, and must not drop them.
    mergeRows: true,
    fromChange: (data, current) => ({ ...current, ...(data as unknown as Row), issue: issueOfChange(data) ?? current?.issue }),
  });
}

export const comments = childStore<Comment>();
export const issueReactions = childStore<Reaction>();
export const links = childStore<IssueLink>();
export const attachments = childStore<Attachment>();
export const relations = createEntityStore<RelationRow>({ accepts: () => false });

registerOutboxStore('comment', comments);
registerOutboxStore('issue_reaction', issueReactions);
registerOutboxStore('issue_link', links);
registerOutboxStore('issue_attachment', attachments);
registerOutboxStore('relation', relations);

/** The row id of one relation. */
export const relationId = (issueId: string, relationType: string, relatedId: string): string => `${issueId}:${relationType}:${relatedId}`;

/** Relation rows of `issueId` from the server's `{relation_type: items[]}` answer. */
export function relationRows(issueId: string, answer: Relations): RelationRow[] {
  return Object.entries(answer).flatMap(([relationType, items]) =>
    (Array.isArray(items) ? items : []).map((item) => ({ id: relationId(issueId, relationType, item.id), issue: issueId, relation_type: relationType, item })),
  );
}

/** Replaces the rows of one issue in `store` with `rows`, keeping every other issue's rows. */
export function replaceIssueRows<Row extends { id: string; issue?: string }>(store: { getRows(): Row[]; removeMany(ids: string[]): void; upsertMany(rows: Row[]): void }, issueId: string, rows: Row[]): void {
  const fresh = new Set(rows.map((row) => row.id));
  store.removeMany(store.getRows().filter((row) => row.issue === issueId && !fresh.has(row.id)).map((row) => row.id));
  store.upsertMany(rows.map((row) => ({ ...row, issue: issueId })));
}

/**
 * A live `comment_reaction` change: comment reactions live inside their comment's row
 * (`comment_reactions`), so the reaction is merged into (or removed from) that row — replacing my
 * own optimistic copy of the same reaction, which has a temporary id.
 */
export function applyCommentReactionChange(change: ChangeMessage): void {
  const rows = [...comments.useStore.getState().confirmed.values()];
  // The socket checked the frame against the declared protocol: every change names its entity's id.
  const id = change.data.id as string;
  if (change.op === 'delete') {
    const owner = rows.find((row) => row.comment_reactions?.some((reaction) => reaction.id === id));
    if (owner) comments.upsert({ ...owner, comment_reactions: owner.comment_reactions!.filter((reaction) => reaction.id !== id) });
    return;
  }
  const reaction = change.data as { id: string; comment: string; actor: string; reaction: string };
  const owner = rows.find((row) => row.id === reaction.comment);
  if (!owner) return;
  const sameAsMine = (row: CommentReaction) => row.id === id || (row.id.startsWith('temp-') && row.actor === reaction.actor && row.reaction === reaction.reaction);
  const others = (owner.comment_reactions ?? []).filter((row) => !sameAsMine(row));
  comments.upsert({ ...owner, comment_reactions: [...others, { id, reaction: reaction.reaction, actor: reaction.actor }] });
}

/** Live change routes of the children (entity name of the stream → store). */
export const CHILD_STORES = { comment: comments, issue_link: links, issue_attachment: attachments, issue_reaction: issueReactions } as const;

export function resetIssueChildren(): void {
  for (const store of [comments, issueReactions, links, attachments, relations]) store.reset();
  useDetailMeta.setState(() => ({}), true);
}
