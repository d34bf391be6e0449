// "Save as view" on an issue list: the toolbar button and its Shift+V shortcut stay with the list;
// the dialog (views-pages.tsx, with the view schemas) loads when it opens.
import { Suspense, useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { Bookmark } from 'lucide-react';
import type { View } from '../api/types';
import type { ListSource } from '../stores/list-model';
import { useT } from '../i18n';
import { useProject } from '../stores/project-store';
import { useSessionStore } from '../stores/session-store';
import { useWorkspace } from '../stores/workspace-store';
import { Button } from '../ui';
import { can, memberContext } from '../../shared/permission-table';
import { lazyScreen } from './lazy-screen';
import { isShortcutBlocked } from '../components/keyboard/shortcut-guard';

const ViewDialog = lazyScreen(() => import('./views-pages'), 'ViewDialog');

/** Who may create views here, and the caller's role (the views screens read it too). */
export function useViewRole(slug: string, projectId: string | null) {
  const project = useProject(projectId ?? undefined);
  const workspace = useWorkspace(slug);
  const me = useSessionStore((state) => state.user?.id);
  const context = projectId ? memberContext(workspace?.role, project?.member_role) : memberContext(workspace?.role);
  const isAdmin = projectId ? (project?.member_role ?? 0) >= 20 || (workspace?.role ?? 0) >= 20 : (workspace?.role ?? 0) >= 20;
  return {
    me,
    canCreate: projectId ? can('project.create', context) : can('workspace.create', context),
    role: { isAdmin, isMember: projectId ? can('project.configure', context) : can('workspace.favorites', context) },
  };
}

/** The toolbar button that saves the list's current filters and display as a new view. */
export function SaveAsViewButton({ slug, projectId, source }: { slug: string; projectId: string | null; source: ListSource }) {
  const t = useT();
  const navigate = useNavigate();
  const { canCreate } = useViewRole(slug, projectId);
  const [open, setOpen] = useState(false);
  if (!canCreate) return null;
  const openView = (view: View) =>
    projectId
      ? void navigate({ to: '/$workspaceSlug/projects/$projectId/views/$viewId', params: { workspaceSlug: slug, projectId, viewId: view.id } })
      : void navigate({ to: '/$workspaceSlug/workspace-views/$globalViewId', params: { workspaceSlug: slug, globalViewId: view.id } });
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)} data-testid="save-as-view" aria-keyshortcuts="Shift+V">
        <Bookmark size={14} aria-hidden="true" /> {t('views.saveAs')}
      </Button>
      <SaveAsViewHotkey onPress={() => setOpen(true)} />
      {open && (
        <Suspense fallback={null}>
          <ViewDialog slug={slug} projectId={projectId} source={source} onClose={() => setOpen(false)} onSaved={openView} />
        </Suspense>
      )}
    </>
  );
}

/** Shift+V opens "save as view" when focus is not in a field (spec §2: keyboard shortcuts). */
function SaveAsViewHotkey({ onPress }: { onPress: () => void }) {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'V' || !event.shiftKey || isShortcutBlocked(event)) return;
      // The view saved is the list's: not while a peek or dialog covers it.
      if (document.querySelector('[role="dialog"]')) return;
      event.preventDefault();
      onPress();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onPress]);
  return null;
}
