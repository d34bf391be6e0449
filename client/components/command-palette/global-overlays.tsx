// Keyboard shortcuts and the overlays they open: Ctrl/Cmd+K palette, `?` help, `c` create issue,
// `g` then `p`/`h`/`i` to navigate. Mounted once by the app shell.
import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useNavigate } from '@tanstack/react-router';
import { useT } from '../../i18n';
import { ErrorBoundary, ErrorNotice } from '../error-boundary';
import { CreateIssueModal } from '../issues/create-issue-modal';
import { Toaster } from '../../ui/toaster';
import { ISSUE_SHORTCUTS } from '../issues/issue-hotkeys';
import { CommandPalette } from './command-palette';
import { CreateProjectModal } from '../projects/create-project-modal';
import { isShortcutBlocked } from '../keyboard/shortcut-guard';
import { closeCreateIssue, closeCreateProject, closePalette, closeShortcuts, openCreateIssue, openPalette, openShortcuts, useOverlayStore } from './overlay-store';
import { Dialog } from '../../ui';

const SHORTCUTS: { keys: string; label: Parameters<ReturnType<typeof useT>>[0] }[] = [
  { keys: 'Ctrl/⌘ K', label: 'shortcuts.palette' },
  { keys: 'C', label: 'shortcuts.createIssue' },
  { keys: '?', label: 'shortcuts.help' },
  { keys: 'G P', label: 'shortcuts.goProjects' },
  { keys: 'G H', label: 'shortcuts.goHome' },
  { keys: 'G I', label: 'shortcuts.goMyIssues' },
  ...ISSUE_SHORTCUTS,
  { keys: 'Esc', label: 'shortcuts.close' },
];

export function GlobalOverlays({ slug }: { slug: string }) {
  const t = useT();
  const navigate = useNavigate();
  const palette = useOverlayStore((state) => state.palette);
  const shortcuts = useOverlayStore((state) => state.shortcuts);
  const createIssue = useOverlayStore((state) => state.createIssue);
  const createProject = useOverlayStore((state) => state.createProject);

  useEffect(() => {
    let pendingG = 0;
    const handleKey = (event: KeyboardEvent) => {
      if ((event.metaKey || event.ctrlKey) && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        openPalette();
        return;
      }
      if (isShortcutBlocked(event)) return;
      const key = event.key.toLowerCase();
      if (Date.now() - pendingG < 1200) {
        pendingG = 0;
        if (key === 'p') void navigate({ to: '/$workspaceSlug/projects', params: { workspaceSlug: slug } });
        if (key === 'h') void navigate({ to: '/$workspaceSlug', params: { workspaceSlug: slug } });
        if (key === 'i') void navigate({ to: '/$workspaceSlug/workspace-views/$globalViewId', params: { workspaceSlug: slug, globalViewId: 'assigned' } });
        return;
      }
      if (key === 'g') pendingG = Date.now();
      else if (event.key === '?') openShortcuts();
      else if (key === 'c' && !event.shiftKey) {
        event.preventDefault();
        openCreateIssue();
      }
    };
    document.addEventListener('keydown', handleKey);
    return () => document.removeEventListener('keydown', handleKey);
  }, [slug, navigate]);

  // Portalled to <body>: the shell mounts this inside the sidebar, whose stacking context would
  // otherwise paint the dialogs under the main area.
  return createPortal(
    <>
      {palette && (
        <OverlayBoundary onClose={closePalette}>
          <CommandPalette slug={slug} />
        </OverlayBoundary>
      )}
      {shortcuts && (
        <Dialog title={t('shortcuts.title')} onClose={closeShortcuts} testId="shortcut-modal">
          <table className="table">
            <tbody>
              {SHORTCUTS.map((row) => (
                <tr key={row.keys}><td><kbd>{row.keys}</kbd></td><td>{t(row.label)}</td></tr>
              ))}
            </tbody>
          </table>
        </Dialog>
      )}
      {createIssue && (
        <OverlayBoundary onClose={closeCreateIssue}>
          <CreateIssueModal slug={slug} defaultProjectId={createIssue.projectId} onClose={closeCreateIssue} />
        </OverlayBoundary>
      )}
      {createProject && (
        <OverlayBoundary onClose={closeCreateProject}>
          <CreateProjectModal slug={slug} onClose={closeCreateProject} />
        </OverlayBoundary>
      )}
      <Toaster />
    </>,
    document.body,
  );
}

/** A dialog that fails shows its notice in a dialog that can be closed; the page under it stays. */
function OverlayBoundary({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <ErrorBoundary
      fallback={(error, retry) => (
        <Dialog title={t('page.error.title')} onClose={onClose} testId="overlay-error">
          <ErrorNotice error={error} onRetry={retry} compact />
        </Dialog>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
