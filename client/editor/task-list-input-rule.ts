// "- [ ] " makes a task ("- [x] " a done one), as in Markdown. "- " has already become a bullet by
// the time "[ ]" is typed, and the schema's own rule ("[ ] " in a paragraph) would nest a task list
// inside that bullet; this rule turns the bullet item itself into a task item instead.
import { Extension, InputRule } from '@tiptap/core';

const TASK_MARKER = /^\s*\[([ xX]?)\]\s$/;

export const TaskListFromBullet = Extension.create({
  name: 'taskListFromBullet',
  // Ahead of the task item's own rule, which handles the marker outside a bullet list.
  priority: 200,
  addInputRules() {
    return [
      new InputRule({
        find: TASK_MARKER,
        handler: ({ state, range, match, chain }) => {
          const $from = state.doc.resolve(range.from);
          const inBulletItem = $from.depth >= 2 && $from.node(-1).type.name === 'listItem' && $from.node(-2).type.name === 'bulletList' && $from.index(-1) === 0;
          if (!inBulletItem) return null;
          const checked = (match[1] ?? '').toLowerCase() === 'x';
          chain().deleteRange(range).toggleTaskList().updateAttributes('taskItem', { checked }).run();
        },
      }),
    ];
  },
});
