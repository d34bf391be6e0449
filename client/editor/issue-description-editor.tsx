// The description editor of the create dialog (the issue has no live document yet): the shared
// schema and the one editor behaviour (editor-behaviour.ts: "/" menu, input rules, @mentions) as
// the live description has them, plus its own undo history; reports HTML as the user types and
// on blur through `onBlur`. The placeholder is the spec's §9 text.
import { useEffect } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import { UndoRedo } from '@tiptap/extensions';
import { pageSchemaExtensions } from '../../shared/editor-schema';
import { useT } from '../i18n';
import { editorBehaviour } from './editor-behaviour';
import { isUsable } from './usable-editor';
import { useMentionSource } from './use-mention-source';
import './editor.css';

export function IssueDescriptionEditor({ slug, projectId, html, onChange, onBlur, editable = true }: {
  slug: string;
  projectId: string | undefined;
  html: string;
  onChange?: (html: string) => void;
  onBlur?: (html: string) => void;
  editable?: boolean;
}) {
  const t = useT();
  const mentions = useMentionSource(slug, projectId);
  const editor = useEditor({
    extensions: [...pageSchemaExtensions(), UndoRedo, ...editorBehaviour({ placeholder: t('issue.descriptionPlaceholder'), mentions })],
    content: html || '',
    editable,
    immediatelyRender: true,
    onUpdate: ({ editor: current }) => onChange?.(current.isEmpty ? '' : current.getHTML()),
    onBlur: ({ editor: current }) => onBlur?.(current.isEmpty ? '' : current.getHTML()),
  });

  // A remote change replaces the content only while the user is not typing here.
  useEffect(() => {
    if (isUsable(editor) && !editor.isFocused && html !== editor.getHTML()) editor.commands.setContent(html || '', { emitUpdate: false });
  }, [editor, html]);

  return <EditorContent editor={editor} className="description-editor" data-testid="description-editor" />;
}
