// Loads the Tiptap description editors on demand (the plain one of the create dialog, the live one
// of an existing issue), so lists paint without the editor bundle; a
// read-only preview of the text shows until it arrives. Its own error boundary keeps a failing
// editor (or a chunk that cannot be fetched) from taking the screen or the dialog with it.
import { lazy, Suspense, type ComponentProps } from 'react';
import { PartBoundary } from '../components/error-boundary';

const Editor = lazy(() => import('./issue-description-editor').then((module) => ({ default: module.IssueDescriptionEditor })));
const LiveEditor = lazy(() => import('./live-issue-description-editor').then((module) => ({ default: module.LiveIssueDescriptionEditor })));
const loading = <div className="description-editor description-loading" aria-busy="true" />;

export function LazyIssueDescriptionEditor(props: ComponentProps<typeof Editor>) {
  return (
    <PartBoundary>
      <Suspense fallback={loading}>
        <Editor {...props} />
      </Suspense>
    </PartBoundary>
  );
}

/** The live (Yjs) description of an existing issue. */
export function LazyLiveIssueDescriptionEditor(props: ComponentProps<typeof LiveEditor>) {
  return (
    <PartBoundary>
      <Suspense fallback={loading}>
        <LiveEditor {...props} />
      </Suspense>
    </PartBoundary>
  );
}
