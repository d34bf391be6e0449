// The "/" menu of the page editor (spec §9 placeholder "Press '/' for commands..."): typing "/"
// opens a filterable list of block types; arrows choose, Enter applies, Escape closes.
import { Extension, type Editor, type Range } from '@tiptap/core';
import { PluginKey } from '@tiptap/pm/state';
import { Suggestion, type SuggestionKeyDownProps, type SuggestionProps } from '@tiptap/suggestion';
import { t, type MessageKey } from '../i18n';
import { closeOnEscape, placeUnderCaret } from './caret-popup';

interface SlashItem {
  key: MessageKey;
  run: (editor: Editor, range: Range) => void;
}

const ITEMS: SlashItem[] = [
  { key: 'pages.slash.text', run: (e, r) => e.chain().focus().deleteRange(r).setParagraph().run() },
  { key: 'pages.slash.heading1', run: (e, r) => e.chain().focus().deleteRange(r).setHeading({ level: 1 }).run() },
  { key: 'pages.slash.heading2', run: (e, r) => e.chain().focus().deleteRange(r).setHeading({ level: 2 }).run() },
  { key: 'pages.slash.heading3', run: (e, r) => e.chain().focus().deleteRange(r).setHeading({ level: 3 }).run() },
  { key: 'pages.slash.bulletList', run: (e, r) => e.chain().focus().deleteRange(r).toggleBulletList().run() },
  { key: 'pages.slash.orderedList', run: (e, r) => e.chain().focus().deleteRange(r).toggleOrderedList().run() },
  { key: 'pages.slash.taskList', run: (e, r) => e.chain().focus().deleteRange(r).toggleTaskList().run() },
  { key: 'pages.slash.quote', run: (e, r) => e.chain().focus().deleteRange(r).toggleBlockquote().run() },
  { key: 'pages.slash.codeBlock', run: (e, r) => e.chain().focus().deleteRange(r).toggleCodeBlock().run() },
  { key: 'pages.slash.divider', run: (e, r) => e.chain().focus().deleteRange(r).setHorizontalRule().run() },
];

/** The items whose label contains `query` (case-insensitive). */
function filterSlashItems(query: string): SlashItem[] {
  const needle = query.trim().toLowerCase();
  return ITEMS.filter((item) => !needle || t(item.key).toLowerCase().includes(needle) || item.key.toLowerCase().includes(needle));
}

const slashKey = new PluginKey('slashCommands');

/** A small DOM popup; kept framework-free so the suggestion plugin can drive it directly. */
function createMenu() {
  let element: HTMLDivElement | null = null;
  let selected = 0;
  let current: SuggestionProps<SlashItem, SlashItem> | null = null;
  let stopEscape = () => {};

  const draw = () => {
    if (!element || !current) return;
    element.replaceChildren(
      ...(current.items.length
        ? current.items.map((item, index) => {
            const button = document.createElement('button');
            button.type = 'button';
            button.className = `slash-menu-item${index === selected ? ' is-selected' : ''}`;
            button.textContent = t(item.key);
            button.addEventListener('mousedown', (event) => {
              event.preventDefault();
              current?.command(item);
            });
            return button;
          })
        : [Object.assign(document.createElement('div'), { className: 'slash-menu-empty', textContent: t('pages.slash.empty') })]),
    );
    placeUnderCaret(element, current);
  };

  return {
    onStart(props: SuggestionProps<SlashItem, SlashItem>) {
      current = props;
      selected = 0;
      element = document.createElement('div');
      element.className = 'slash-menu';
      element.setAttribute('role', 'listbox');
      element.dataset.testid = 'slash-menu';
      stopEscape = closeOnEscape(props.editor.view, slashKey);
      document.body.appendChild(element);
      draw();
    },
    onUpdate(props: SuggestionProps<SlashItem, SlashItem>) {
      current = props;
      selected = Math.min(selected, Math.max(0, props.items.length - 1));
      draw();
    },
    onKeyDown({ event }: SuggestionKeyDownProps) {
      if (!current) return false;
      const count = current.items.length;
      if (event.key === 'ArrowDown' && count) selected = (selected + 1) % count;
      else if (event.key === 'ArrowUp' && count) selected = (selected + count - 1) % count;
      else if (event.key === 'Enter' && count) current.command(current.items[selected]);
      else if (event.key === 'Escape') element?.remove();
      else return false;
      draw();
      return true;
    },
    onExit() {
      stopEscape();
      element?.remove();
      element = null;
      current = null;
    },
  };
}

/** Tiptap extension: "/" at any position opens the block menu. */
export const SlashCommands = Extension.create({
  name: 'slashCommands',
  addProseMirrorPlugins() {
    return [
      Suggestion<SlashItem, SlashItem>({
        editor: this.editor,
        pluginKey: slashKey,
        char: '/',
        items: ({ query }) => filterSlashItems(query),
        command: ({ editor, range, props }) => props.run(editor, range),
        render: createMenu,
      }),
    ];
  },
});
