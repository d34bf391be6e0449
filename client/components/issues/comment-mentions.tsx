// @mentions in the comment box and in posted comments. Typing "@" suggests members; arrows move
// through the list, Enter or Tab picks, Esc closes it and keeps the text, a click picks too. Focus
// never leaves the text area (a pick by click used to drop it to the page, where the next "c"
// opened "New issue"). A posted mention is a link to the member's profile.
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type KeyboardEvent, type RefObject, type SyntheticEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { decodeEntities } from '../html-text';

export interface MentionUser {
  id: string;
  display_name: string;
}

/** An "@" at the start or after a space, then the name typed so far, right before the caret. */
const QUERY = /(^|\s)@([^\s@]*)$/;
const MAX_SUGGESTIONS = 6;

/** The members whose name starts with `query` (case-insensitive), at most six: the comment box's and the editors' rule. */
export function matchMentionUsers(users: MentionUser[], query: string): MentionUser[] {
  const needle = query.toLowerCase();
  return users.filter((user) => user.display_name.toLowerCase().startsWith(needle)).slice(0, MAX_SUGGESTIONS);
}

/**
 * The suggestion list of a text area: spread `fieldProps` on the text area and render
 * `<MentionList {...list} />` beside it. `onPick` hears each chosen member.
 */
export function useMentionSuggestions(users: MentionUser[], text: string, setText: (text: string) => void, fieldRef: RefObject<HTMLTextAreaElement | null>, onPick: (user: MentionUser) => void) {
  const listId = useId();
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  // The "@" whose list Esc closed: it stays closed until another "@" is typed.
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const before = text.slice(0, caret);
  const match = QUERY.exec(before);
  const start = match ? before.length - (match[2]?.length ?? 0) - 1 : -1;
  const query = match && start !== dismissedAt ? (match[2] ?? '') : null;
  const suggestions = query === null ? [] : matchMentionUsers(users, query);
  const current = Math.min(active, suggestions.length - 1);

  // After a pick the caret goes right after the inserted name, once React has put the text in.
  const caretAfterPick = useRef<number | null>(null);
  useLayoutEffect(() => {
    const field = fieldRef.current;
    if (caretAfterPick.current === null || !field) return;
    field.focus();
    field.setSelectionRange(caretAfterPick.current, caretAfterPick.current);
    caretAfterPick.current = null;
  });

  const pick = (user: MentionUser) => {
    const inserted = `@${user.display_name} `;
    caretAfterPick.current = start + inserted.length;
    setText(text.slice(0, start) + inserted + text.slice(caret));
    setCaret(start + inserted.length);
    setActive(0);
    onPick(user);
  };
  const trackCaret = (event: SyntheticEvent<HTMLTextAreaElement>) => setCaret(event.currentTarget.selectionStart);
  const onChange = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.target.value);
    trackCaret(event);
    setActive(0);
    if (!QUERY.test(event.target.value.slice(0, event.target.selectionStart))) setDismissedAt(null);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const chosen = suggestions[current];
    if (!chosen || event.nativeEvent.isComposing) return;
    if (event.key === 'ArrowDown') setActive((current + 1) % suggestions.length);
    else if (event.key === 'ArrowUp') setActive((current - 1 + suggestions.length) % suggestions.length);
    else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) pick(chosen);
    else if (event.key === 'Escape') setDismissedAt(start);
    else return;
    // Handled here: no newline, no focus move, and the peek around the box stays open on Esc.
    event.preventDefault();
    event.stopPropagation();
  };
  const open = suggestions.length > 0;
  return {
    fieldProps: {
      onChange,
      onKeyDown,
      onSelect: trackCaret,
      'aria-autocomplete': 'list' as const,
      'aria-controls': open ? listId : undefined,
      'aria-activedescendant': open ? `${listId}-${current}` : undefined,
    },
    list: { listId, suggestions, active: current, onHover: setActive, onPick: pick },
  };
}

export function MentionList({ listId, suggestions, active, onHover, onPick }: { listId: string; suggestions: MentionUser[]; active: number; onHover: (index: number) => void; onPick: (user: MentionUser) => void }) {
  const t = useT();
  if (suggestions.length === 0) return null;
  return (
    <ul className="prop-menu mention-menu" role="listbox" id={listId} aria-label={t('issue.mention')}>
      {suggestions.map((user, index) => (
        <li key={user.id} role="presentation">
          {/* No focus on press: the text area keeps it, so the next key goes on with the comment. */}
          <button
            type="button"
            role="option"
            id={`${listId}-${index}`}
            aria-selected={index === active}
            tabIndex={-1}
            className={`menu-item${index === active ? ' mention-option-active' : ''}`}
            onMouseDown={(event) => event.preventDefault()}
            onMouseEnter={() => onHover(index)}
            onClick={() => onPick(user)}
          >
            @{user.display_name}
          </button>
        </li>
      ))}
    </ul>
  );
}

type CommentPart = { kind: 'text'; text: string } | { kind: 'mention'; id: string; label: string };

const MENTION_TAG = /<mention-component\b([^>]*)><\/mention-component>/g;
const attribute = (attributes: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attributes)?.[1] ?? '';

/** Splits stored comment HTML into plain text and user mentions (paragraphs become line breaks). */
function commentParts(html: string): CommentPart[] {
  const toText = (chunk: string) => decodeEntities(chunk.replace(/<\/p>\s*<p>/g, '\n').replace(/<br\s*\/?>/g, '\n').replace(/<[^>]+>/g, ''));
  const parts: CommentPart[] = [];
  let last = 0;
  for (const found of html.matchAll(MENTION_TAG)) {
    const attributes = found[1] ?? '';
    if (found.index > last) parts.push({ kind: 'text', text: toText(html.slice(last, found.index)) });
    const label = decodeEntities(attribute(attributes, 'label'));
    const id = attribute(attributes, 'entity_identifier');
    parts.push(attribute(attributes, 'entity_name') === 'user_mention' && id ? { kind: 'mention', id, label } : { kind: 'text', text: `@${label}` });
    last = found.index + found[0].length;
  }
  if (last < html.length) parts.push({ kind: 'text', text: toText(html.slice(last)) });
  return parts.filter((part) => part.kind === 'mention' || part.text !== '');
}

/** A comment's text with each mention as a chip linking to that member's profile (never raw HTML). */
export function CommentText({ slug, html }: { slug: string; html: string }) {
  return (
    <p className="comment-body">
      {commentParts(html).map((part, index) =>
        part.kind === 'text' ? (
          part.text
        ) : (
          <Link key={index} to="/$workspaceSlug/profile/$userId" params={{ workspaceSlug: slug, userId: part.id }} search={{ tab: 'summary' }} className="mention-chip" data-testid="mention-link">
            @{part.label}
          </Link>
        ),
      )}
    </p>
  );
}
