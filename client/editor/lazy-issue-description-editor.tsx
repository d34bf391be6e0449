// Loads the Tiptap description editor on demand, so lists paint without the editor bundle; a
// read-only preview of the text shows until it arrives.
import { lazy, Suspense, type ComponentProps } from 'react';

const Editor = lazy(() => import('./issue-description-editor').then((module) => ({ default: module.IssueDescriptionEditor })));

export function LazyIssueDescriptionEditor(props: ComponentProps<typeof Editor>) {
  return (
    <Suspense fallback={<div className="description-editor description-loading" aria-busy="true" />}>
      <Editor {...props} />
    </Suspense>
  );
}
