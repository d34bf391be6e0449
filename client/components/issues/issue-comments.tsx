// Comments merged with activity in time order, comment reactions, and a comment box with
// @mentions: typing "@" suggests members; a chosen member is sent as a mention-component.
import { useMemo, useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { addComment, deleteComment, toggleCommentReaction, useIssueDetail, type Activity, type Comment } from '../../stores/issue-detail-store';
import type { Issue } from '../../stores/issue-store';
import { useAssignableUsers, useMemberUserMap } from '../../stores/member-store';
import { useSessionStore } from '../../stores/session-store';

export const REACTIONS = ['👍', '🎉', '❤️', '👀'];

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Turns comment text into HTML, with each `@name` of a known member as a mention-component. */
export function commentToHtml(text: string, mentions: { id: string; name: string }[]): string {
  let html = escapeHtml(text);
  for (const mention of mentions) {
    const tag = `<mention-component entity_name="user_mention" entity_identifier="${mention.id}" label="${escapeHtml(mention.name)}"></mention-component>`;
    html = html.split(`@${escapeHtml(mention.name)}`).join(tag);
  }
  return html.split('\n').map((line) => `<p>${line}</p>`).join('');
}

/** Shows mention-components as "@name" text (comments are rendered as text, never as HTML). */
export function commentToText(html: string): string {
  return html
    .replace(/<mention-component[^>]*label="([^"]*)"[^>]*><\/mention-component>/g, '@$1')
    .replace(/<\/p>\s*<p>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&amp;/g, '&');
}

export function IssueActivity({ slug, issue }: { slug: string; issue: Issue }) {
  const t = useT();
  const detail = useIssueDetail(issue.id);
  const users = useMemberUserMap();
  const me = useSessionStore((state) => state.user?.id ?? '');
  const timeline = useMemo(
    () => [...detail.activity.map((row) => ({ kind: 'activity' as const, row })), ...detail.comments.map((row) => ({ kind: 'comment' as const, row }))].sort((a, b) => a.row.created_at.localeCompare(b.row.created_at)),
    [detail.activity, detail.comments],
  );
  return (
    <section className="activity" aria-label={t('issue.activity')}>
      <h3 className="section-title">{t('issue.activity')}</h3>
      <ol className="timeline">
        {timeline.map((item) =>
          item.kind === 'comment' ? (
            <CommentItem key={`c-${item.row.id}`} slug={slug} issue={issue} comment={item.row} me={me} author={users.get(item.row.actor ?? item.row.created_by ?? '')?.display_name ?? '…'} />
          ) : (
            <li key={`a-${item.row.id}`} className="timeline-activity">{describeActivity(item.row, users.get(item.row.actor ?? '')?.display_name ?? '…', t)}</li>
          ),
        )}
      </ol>
      <CommentBox slug={slug} issue={issue} me={me} />
    </section>
  );
}

function describeActivity(row: Activity, actor: string, t: ReturnType<typeof useT>): string {
  if (row.verb === 'created' && !row.field) return t('activity.created', { actor });
  if (row.comment) return `${actor} ${row.comment}${row.new_value ? ` ${row.new_value}` : ''}`;
  return t('activity.changed', { actor, field: row.field ?? '', value: row.new_value ?? '' });
}

function CommentItem({ slug, issue, comment, me, author }: { slug: string; issue: Issue; comment: Comment; me: string; author: string }) {
  const t = useT();
  const counts = REACTIONS.map((reaction) => ({ reaction, count: (comment.comment_reactions ?? []).filter((row) => row.reaction === reaction).length, mine: (comment.comment_reactions ?? []).some((row) => row.reaction === reaction && row.actor === me) }));
  return (
    <li className={`timeline-comment${comment.id.startsWith('temp-') ? ' issue-row-pending' : ''}`} data-testid="comment">
      <div className="comment-head">
        <strong>{author}</strong> <span className="muted">{new Date(comment.created_at).toLocaleString()}</span>
        {(comment.actor ?? comment.created_by) === me && !comment.id.startsWith('temp-') && (
          <button type="button" className="link-button" onClick={() => void deleteComment(slug, issue, comment.id).catch(() => undefined)}>{t('common.delete')}</button>
        )}
      </div>
      <p className="comment-body">{commentToText(comment.comment_html)}</p>
      <div className="reactions">
        {counts.map(({ reaction, count, mine }) => (
          <button key={reaction} type="button" className={`reaction${mine ? ' reaction-mine' : ''}`} aria-pressed={mine} disabled={comment.id.startsWith('temp-')} onClick={() => void toggleCommentReaction(slug, issue, comment, reaction, me).catch(() => undefined)}>
            {reaction}{count > 0 ? ` ${count}` : ''}
          </button>
        ))}
      </div>
    </li>
  );
}

function CommentBox({ slug, issue, me }: { slug: string; issue: Issue; me: string }) {
  const t = useT();
  const users = useAssignableUsers(issue.project_id);
  const [text, setText] = useState('');
  const [mentions, setMentions] = useState<{ id: string; name: string }[]>([]);
  const query = /@([^\s@]*)$/.exec(text)?.[1];
  const suggestions = query === undefined ? [] : users.filter((user) => user.display_name.toLowerCase().startsWith(query.toLowerCase())).slice(0, 6);

  const pick = (user: { id: string; display_name: string }) => {
    setText(text.replace(/@([^\s@]*)$/, `@${user.display_name} `));
    setMentions((current) => [...current.filter((row) => row.id !== user.id), { id: user.id, name: user.display_name }]);
  };
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    const html = commentToHtml(text.trim(), mentions.filter((mention) => text.includes(`@${mention.name}`)));
    setText('');
    setMentions([]);
    void addComment(slug, issue, html, me).catch(() => undefined);
  };
  return (
    <form className="comment-box" onSubmit={handleSubmit}>
      <textarea className="input" rows={3} value={text} placeholder={t('issue.commentPlaceholder')} aria-label={t('issue.comment')} onChange={(event) => setText(event.target.value)} data-testid="comment-input" />
      {suggestions.length > 0 && (
        <ul className="prop-menu mention-menu" role="listbox" aria-label={t('issue.mention')}>
          {suggestions.map((user) => (
            <li key={user.id}><button type="button" className="menu-item" onClick={() => pick(user)}>@{user.display_name}</button></li>
          ))}
        </ul>
      )}
      <button type="submit" className="btn btn-primary btn-sm" disabled={!text.trim()} data-testid="comment-submit">{t('issue.comment')}</button>
    </form>
  );
}
