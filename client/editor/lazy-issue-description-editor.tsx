// Loads the Tiptap description editor on demand, so lists paint without the editor bundle; a
// read-only preview of the text shows until it arrives. Its own error boundary keeps a failing
// editor (or a chunk that cannot be fetched) from taking the screen or the dialog with it.
import { lazy, Suspense, type ComponentProps } from 'react';
import { PartBoundary } from '../components/error-boundary';

const Editor = lazy(() => import('./issue-description-editor').then((module) => ({ default: module.IssueDescriptionEditor })));

export function LazyIssueDescriptionEditor(props: ComponentProps<typeof Editor>) {
  return (
    <PartBoundary>
      <Suspense fallback={<div className="description-editor description-loading" aria-busy="true" />}>
        <Editor {...props} />
      </Suspense>
    </PartBoundary>
  );
}
