// A plain Tiptap editor (StarterKit) for issue descriptions: reports HTML as the user types and
// saves on blur through `onBlur`. The placeholder is the spec's §9 text.
import { useEffect } from 'react';
import { EditorContent, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Placeholder } from '@tiptap/extensions';
import { useT } from '../i18n';
import { isUsable } from './usable-editor';

export function IssueDescriptionEditor({ html, onChange, onBlur, editable = true }: {
  html: string;
  onChange?: (html: string) => void;
  onBlur?: (html: string) => void;
  editable?: boolean;
}) {
  const t = useT();
  const editor = useEditor({
    extensions: [StarterKit, Placeholder.configure({ placeholder: t('issue.descriptionPlaceholder') })],
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
