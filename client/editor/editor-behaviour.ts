// The ONE behaviour of every rich-text editor — page bodies and issue descriptions (live or in the
// create dialog): the placeholder, the "/" block menu, Markdown-style input rules ("# ", "- ",
// "- [ ] ", "> ", "```") and @mentions, on top of the shared schema (shared/editor-schema.ts).
// Keys typed here never reach the single-key shortcuts (keyboard/shortcut-guard.ts: a
// contenteditable is a typing target, the menus are listboxes).
import type { AnyExtension } from '@tiptap/core';
import { Placeholder } from '@tiptap/extensions';
import { MentionSuggestions, type MentionSource } from './mention-suggestions';
import { SlashCommands } from './slash-commands';
import { TaskListFromBullet } from './task-list-input-rule';

export interface EditorBehaviourOptions {
  placeholder: string;
  /** Who "@" offers; without it, "@" is plain text. */
  mentions?: MentionSource;
}

export function editorBehaviour({ placeholder, mentions }: EditorBehaviourOptions): AnyExtension[] {
  return [Placeholder.configure({ placeholder }), SlashCommands, TaskListFromBullet, MentionSuggestions.configure({ source: mentions ?? null })];
}
