// Comments of the issue timeline (issue-activity.tsx): one comment with its reactions, and the
// comment box with @mentions (comment-mentions.tsx): a chosen member is sent as a mention-component.
import { useRef, useState, type FormEvent } from 'react';
import { useT } from '../../i18n';
import { addComment, deleteComment, toggleCommentReaction, type Comment } from '../../stores/issue-detail-store';
import type { Issue } from '../../stores/issue-store';
import { useAssignableUsers } from '../../stores/member-store';
import { RelativeTime } from '../relative-time';
import { toastOnFailure } from '../../stores/toast-store';
import { decodeEntities, escapeHtml } from '../html-text';
import { ReactionButton } from './reaction-button';
import { REACTIONS } from './reactions';
import { CommentText, MentionList, useMentionSuggestions } from './comment-mentions';
import { Button } from '../../ui';

/** Turns comment text into HTML, with each `@name` of a known member as a mention-component. */
export function commentToHtml(text: string, mentions: { id: string; name: string }[]): string {
  let html = escapeHtml(text);
  for (const mention of mentions) {
    const tag = `<mention-component entity_name="user_mention" entity_identifier="${mention.id}" label="${escapeHtml(mention.name)}"></mention-component>`;
    html = html.split(`@${escapeHtml(mention.name)}`).join(tag);
  }
  return html.split('\n').map((line) => `<p>${line}</p>`).join('');
}

/** Shows mention-components as "@name" text (a comment as plain text, never as HTML). */
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
      <CommentText slug={slug} html={comment.comment_html} />
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
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const mention = useMentionSuggestions(users, text, setText, fieldRef, (user) => {
    setMentions((current) => [...current.filter((row) => row.id !== user.id), { id: user.id, name: user.display_name }]);
  });
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
      <textarea ref={fieldRef} className="input" rows={3} value={text} placeholder={t('issue.commentPlaceholder')} aria-label={t('issue.comment')} {...mention.fieldProps} data-testid="comment-input" />
      <MentionList {...mention.list} />
      <Button type="submit" size="sm" disabled={!text.trim()} data-testid="comment-submit">{t('issue.comment')}</Button>
    </form>
  );
}
