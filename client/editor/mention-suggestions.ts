// @mentions in the rich-text editors (page bodies, issue descriptions): typing "@" lists members
// with the comment box's own list (MentionList, comment-mentions.tsx) — arrows move, Enter or Tab
// picks, Esc closes and keeps the text, a click picks without taking focus from the editor. A
// picked member becomes the schema's mention node (shared/editor-mention.ts), shown as a chip
// linking to the member's profile; the server notifies the people a saved description mentions.
import { Extension, type Editor, type Range } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { ReactRenderer } from '@tiptap/react';
import { Suggestion, type SuggestionKeyDownProps, type SuggestionProps } from '@tiptap/suggestion';
import { MentionList, matchMentionUsers, type MentionUser } from '../components/issues/comment-mentions';
import { MENTION_NODE } from '../../shared/editor-mention';
import { closeOnEscape, placeUnderCaret } from './caret-popup';

/** Who can be mentioned and where a mention leads; read at each use, so it may change after the editor is made. */
export interface MentionSource {
  users(): MentionUser[];
  profilePath(userId: string): string;
  openProfile(userId: string): void;
}

const mentionKey = new PluginKey('mentionSuggestion');
let popupCount = 0;

type MentionListProps = Parameters<typeof MentionList>[0];

/** The floating list under the caret: MentionList rendered into the editor's React tree. */
function createMentionPopup() {
  const listId = `editor-mention-list-${(popupCount += 1)}`;
  let host: HTMLDivElement | null = null;
  let renderer: ReactRenderer<unknown, MentionListProps> | null = null;
  let current: SuggestionProps<MentionUser, MentionUser> | null = null;
  let active = 0;
  let stopEscape = () => {};

  const pick = (user: MentionUser) => current?.command(user);
  const listProps = (): MentionListProps => ({
    listId,
    suggestions: current?.items ?? [],
    active,
    onHover: (index) => {
      active = index;
      draw();
    },
    onPick: pick,
  });
  /** The editor names the list and its active option, as the comment box does (screen readers follow it). */
  const describe = (open: boolean) => {
    const dom = current?.editor.view.dom;
    if (!dom) return;
    const shown = open && (current?.items.length ?? 0) > 0;
    for (const [name, value] of [['aria-controls', listId], ['aria-activedescendant', `${listId}-${active}`]] as const) {
      if (shown) dom.setAttribute(name, value);
      else dom.removeAttribute(name);
    }
  };
  const draw = () => {
    renderer?.updateProps(listProps());
    placeUnderCaret(host, current);
    describe(true);
  };

  return {
    onStart(props: SuggestionProps<MentionUser, MentionUser>) {
      current = props;
      active = 0;
      host = document.createElement('div');
      host.className = 'editor-mention-popup';
      stopEscape = closeOnEscape(props.editor.view, mentionKey);
      renderer = new ReactRenderer(MentionList, { editor: props.editor as Editor, props: listProps() });
      host.appendChild(renderer.element);
      document.body.appendChild(host);
      draw();
    },
    onUpdate(props: SuggestionProps<MentionUser, MentionUser>) {
      current = props;
      active = Math.min(active, Math.max(0, props.items.length - 1));
      draw();
    },
    onKeyDown({ event }: SuggestionKeyDownProps) {
      const count = current?.items.length ?? 0;
      if (!current || count === 0 || event.isComposing) return false;
      if (event.key === 'ArrowDown') active = (active + 1) % count;
      else if (event.key === 'ArrowUp') active = (active + count - 1) % count;
      else if ((event.key === 'Enter' || event.key === 'Tab') && !event.shiftKey) pick(current.items[active]!);
      else return false;
      draw();
      return true;
    },
    onExit() {
      stopEscape();
      describe(false);
      renderer?.destroy();
      host?.remove();
      renderer = null;
      host = null;
      current = null;
    },
  };
}

/** Inserts the mention node (and a space to go on typing) in place of "@query". */
function insertMention(editor: Editor, range: Range, user: MentionUser) {
  editor
    .chain()
    .focus()
    .insertContentAt(range, [
      { type: MENTION_NODE, attrs: { id: user.id, label: user.display_name } },
      { type: 'text', text: ' ' },
    ])
    .run();
}

/** A mention shown as a chip that links to the member's profile (a click opens it in the app). */
function mentionChipPlugin(source: MentionSource) {
  return new Plugin({
    key: new PluginKey('mentionChip'),
    props: {
      nodeViews: {
        [MENTION_NODE]: (node) => {
          const id = node.attrs.id as string;
          const chip = document.createElement('a');
          chip.className = 'mention-chip';
          chip.href = source.profilePath(id);
          chip.contentEditable = 'false';
          chip.dataset.testid = 'mention-link';
          chip.dataset.type = MENTION_NODE;
          chip.dataset.id = id;
          chip.textContent = `@${node.attrs.label as string}`;
          chip.addEventListener('click', (event) => {
            if (event.metaKey || event.ctrlKey || event.shiftKey) return;
            event.preventDefault();
            source.openProfile(id);
          });
          return { dom: chip, ignoreMutation: () => true };
        },
      },
    },
  });
}

/** Tiptap extension: "@" suggestions and mention chips, members read from `source`. */
export const MentionSuggestions = Extension.create<{ source: MentionSource | null }>({
  name: 'mentionSuggestions',
  addOptions: () => ({ source: null }),
  addProseMirrorPlugins() {
    const source = this.options.source;
    if (!source) return [];
    return [
      Suggestion<MentionUser, MentionUser>({
        editor: this.editor,
        pluginKey: mentionKey,
        char: '@',
        items: ({ query }) => matchMentionUsers(source.users(), query),
        command: ({ editor, range, props }) => insertMention(editor, range, props),
        render: createMentionPopup,
      }),
      mentionChipPlugin(source),
    ];
  },
});
