// Comments of the issue timeline (issue-activity.tsx): one comment with its reactions, and the
// comment box with @mentions: typing "@" suggests members; a chosen member is sent as a mention-component.
import { useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { addComment, deleteComment, toggleCommentReaction, type Comment } from '../../stores/issue-detail-store';
import type { Issue } from '../../stores/issue-store';
import { useAssignableUsers } from '../../stores/member-store';
import { RelativeTime } from '../relative-time';
import { toastOnFailure } from '../app-shell/toast-store';
import { decodeEntities, escapeHtml } from '../html-text';
import { ReactionButton } from './reaction-button';
import { REACTIONS } from './reactions';


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
  const text = html
    .replace(/<mention-component[^>]*label="([^"]*)"[^>]*><\/mention-component>/g, '@$1')
    .replace(/<\/p>\s*<p>/g, '\n')
    .replace(/<[^>]+>/g, '');
  return decodeEntities(text);
}

export function CommentItem({ slug, issue, comment, me, author }: { slug: string; issue: Issue; comment: Comment; me: string; author: string }) {
  const t = useT();
  const counts = REACTIONS.map((reaction) => ({ reaction, count: (comment.comment_reactions ?? []).filter((row) => row.reaction === reaction).length, mine: (comment.comment_reactions ?? []).some((row) => row.reaction === reaction && row.actor === me) }));
  return (
    <li className={`timeline-comment${comment.id.startsWith('temp-') ? ' issue-row-pending' : ''}`} data-testid="comment">
      <div className="comment-head">
        <strong>{author}</strong> <RelativeTime value={comment.created_at} />
        {(comment.actor ?? comment.created_by) === me && !comment.id.startsWith('temp-') && (
          <button type="button" className="link-button" onClick={() => toastOnFailure(deleteComment(slug, issue, comment.id))}>{t('common.delete')}</button>
        )}
      </div>
      <p className="comment-body">{commentToText(comment.comment_html)}</p>
      <div className="reactions">
        {counts.map(({ reaction, count, mine }) => (
          <ReactionButton key={reaction} reaction={reaction} count={count} mine={mine} disabled={comment.id.startsWith('temp-')} onToggle={() => toastOnFailure(toggleCommentReaction(slug, issue, comment, reaction, me))} />
        ))}
      </div>
    </li>
  );
}

export function CommentBox({ slug, issue, me }: { slug: string; issue: Issue; me: string }) {
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
    toastOnFailure(addComment(slug, issue, html, me));
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
