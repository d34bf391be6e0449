// The sidebar's work sections: favorites (folders with their children) and my projects, which can
// be dragged into a new order (saved per user through user-properties sort_order).
import { Check, FileText, Folder, FolderInput, Inbox, Plus, Star, X } from 'lucide-react';
import { useState, type HTMLAttributes, type Ref } from 'react';
import { Link } from '@tanstack/react-router';
import { sortOrderBetween } from '../../../shared/sort-order';
import { useResource } from '../../api/use-resource';
import { useT } from '../../i18n';
import { addFavorite, fetchFavorites, moveFavorite, removeFavorite, useFavoriteTree, type Favorite } from '../../stores/favorite-store';
import { fetchProjects, useJoinedProjects, type Project } from '../../stores/project-store';
import { toastOnFailure } from '../../stores/toast-store';
import { IconButton, Popover } from '../../ui';
import { useWorkspace } from '../../stores/workspace-store';
import { can, memberContext } from '../../../shared/permission-table';
import { openCreateProject } from '../command-palette/overlay-store';

// Dragging projects into a new order brings dnd-kit: it loads when the pointer first comes over the
// project list, and until then the same rows render without drag handles.
type DragModule = typeof import('./sidebar-projects-drag');
let loadedDragModule: DragModule | null = null;

// Whether a pointer button is held anywhere on the page (watched from the first hover on).
let pointerHeld = false;
let watchingPointer = false;
function watchPointer(): void {
  if (watchingPointer) return;
  watchingPointer = true;
  window.addEventListener('pointerdown', () => (pointerHeld = true), true);
  for (const type of ['pointerup', 'pointercancel'] as const) window.addEventListener(type, () => (pointerHeld = false), true);
}

/**
 * Runs `swap` when no pointer button is held: the draggable rows replace the plain ones (new
 * elements), and a swap between a press and its release would lose the click on a link in them.
 * After a release it waits a task, for the click that follows the release.
 */
function whenPointerFree(swap: () => void): void {
  if (!pointerHeld) return swap();
  const released = () => {
    window.removeEventListener('pointerup', released, true);
    window.removeEventListener('pointercancel', released, true);
    setTimeout(swap, 0);
  };
  window.addEventListener('pointerup', released, true);
  window.addEventListener('pointercancel', released, true);
}

/** The sort_order that puts `moved` just before `target` in `ordered` (or last when target is null). */
export function projectDropOrder(ordered: Project[], movedId: string, targetId: string | null): number | null {
  const others = ordered.filter((row) => row.id !== movedId);
  const index = targetId ? others.findIndex((row) => row.id === targetId) : others.length;
  if (index < 0) return null;
  const current = ordered.findIndex((row) => row.id === movedId);
  if (ordered[current + 1]?.id === targetId || (targetId === null && current === ordered.length - 1)) return null;
  return sortOrderBetween(others[index - 1]?.sort_order ?? null, others[index]?.sort_order ?? null);
}

export function SidebarWork({ slug }: { slug: string }) {
  // Workspace guests have no favorites (`workspace.favorites`): neither the list nor its folders.
  const hasFavorites = can('workspace.favorites', memberContext(useWorkspace(slug)?.role));
  useResource(`${slug}|projects`, () => toastOnFailure(fetchProjects(slug), 'toast.refreshFailed'));
  useResource(hasFavorites ? `${slug}|favorites` : null, () => toastOnFailure(fetchFavorites(slug), 'toast.refreshFailed'));
  return (
    <>
      {hasFavorites && <FavoritesSection slug={slug} />}
      <ProjectsSection slug={slug} />
    </>
  );
}

function FavoritesSection({ slug }: { slug: string }) {
  const t = useT();
  const tree = useFavoriteTree(slug);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const folders = tree.filter((row) => row.is_folder);
  return (
    <div className="sidebar-group" data-testid="sidebar-favorites">
      <div className="sidebar-section-row">
        <p className="sidebar-section">{t('nav.favorites')}</p>
        <button type="button" className="icon-button" aria-label={t('favorites.newFolder')} onClick={() => setNaming(true)}>+</button>
      </div>
      {naming && (
        <form onSubmit={(event) => { event.preventDefault(); if (name.trim()) void addFavorite(slug, { entity_type: 'folder', entity_identifier: null, name: name.trim(), is_folder: true }); setName(''); setNaming(false); }}>
          <input className="input input-sm" autoFocus value={name} placeholder={t('favorites.folderName')} aria-label={t('favorites.folderName')} onChange={(event) => setName(event.target.value)} onBlur={() => setNaming(false)} />
        </form>
      )}
      {tree.length === 0 && !naming && <p className="sidebar-empty">{t('favorites.empty')}</p>}
      {tree.map((node) =>
        node.is_folder ? (
          <details key={node.id} className="fav-folder" open>
            <summary><Folder size={14} aria-hidden="true" /> {node.name}</summary>
            {node.children.map((child) => <FavoriteLink key={child.id} slug={slug} favorite={child} folders={folders} />)}
          </details>
        ) : (
          <FavoriteLink key={node.id} slug={slug} favorite={node} folders={folders} />
        ),
      )}
    </div>
  );
}

function FavoriteLink({ slug, favorite, folders }: { slug: string; favorite: Favorite; folders: Favorite[] }) {
  const t = useT();
  const label = favorite.entity_data?.name || favorite.name || t('common.untitled');
  return (
    <div className="fav-row">
      {favorite.entity_type === 'project' && favorite.entity_identifier ? (
        <Link to="/$workspaceSlug/projects/$projectId/issues" params={{ workspaceSlug: slug, projectId: favorite.entity_identifier }} className="nav-link nav-link-sub"><Star size={14} aria-hidden="true" /> {label}</Link>
      ) : (
        <span className="nav-link nav-link-sub"><Star size={14} aria-hidden="true" /> {label}</span>
      )}
      {folders.length > 0 && (
        <FavoriteMove folders={folders} current={favorite.parent ?? null} onMove={(parent) => void moveFavorite(slug, favorite.id, { parent })} />
      )}
      <button type="button" className="icon-button" aria-label={t('favorites.remove')} onClick={() => void removeFavorite(slug, favorite.id)}><X size={14} aria-hidden="true" /></button>
    </div>
  );
}

function ProjectsSection({ slug }: { slug: string }) {
  const t = useT();
  const projects = useJoinedProjects(slug);
  const workspace = useWorkspace(slug);
  // A drag starts with the pointer over the list, so that is when the drag code is fetched.
  const [drag, setDrag] = useState<DragModule | null>(loadedDragModule);
  const loadDrag = () => {
    if (drag) return;
    watchPointer();
    void import('./sidebar-projects-drag').then((module) => {
      loadedDragModule = module;
      whenPointerFree(() => setDrag(module));
    }, () => undefined); // Not loaded (offline): the rows stay plain; the next hover asks again.
  };
  return (
    <div className="sidebar-group" data-testid="sidebar-projects" onPointerEnter={loadDrag}>
      <div className="sidebar-section-row">
        <Link to="/$workspaceSlug/projects" params={{ workspaceSlug: slug }} className="sidebar-section sidebar-section-link" data-testid="nav-projects">{t('nav.projects')}</Link>
        {can('workspace.create-project', memberContext(workspace?.role)) && (
          <IconButton label={t('sidebar.newProject')} icon={<Plus size={14} aria-hidden="true" />} onClick={openCreateProject} data-testid="sidebar-new-project" />
        )}
      </div>
      {drag ? <drag.DraggableProjects slug={slug} projects={projects} /> : projects.map((project) => <SidebarProject key={project.id} slug={slug} project={project} />)}
    </div>
  );
}

/** How sidebar-projects-drag makes a row draggable and a drop target; absent before it has loaded. */
interface ProjectRowDrag {
  dropRef: Ref<HTMLDivElement>;
  dropOver: boolean;
  handle: HTMLAttributes<HTMLDivElement> & { ref: Ref<HTMLDivElement> };
  dragging: boolean;
}

export function SidebarProject({ slug, project, drag }: { slug: string; project: Project; drag?: ProjectRowDrag }) {
  const t = useT();
  return (
    <div ref={drag?.dropRef} className={drag?.dropOver ? 'sidebar-drop-over' : undefined}>
      <div {...drag?.handle} className={drag?.dragging ? 'dragging' : undefined} data-testid={`sidebar-project-${project.identifier}`}>
        <Link to="/$workspaceSlug/projects/$projectId/issues" params={{ workspaceSlug: slug, projectId: project.id }} className="nav-link" activeProps={{ className: 'nav-link nav-link-active' }}>
          <span className="project-badge" aria-hidden="true">{project.identifier.slice(0, 2)}</span>
          <span className="nav-text">{project.name}</span>
        </Link>
      </div>
      {project.page_view !== false && (
        <Link to="/$workspaceSlug/projects/$projectId/pages" params={{ workspaceSlug: slug, projectId: project.id }} className="nav-link nav-link-sub" activeProps={{ className: 'nav-link nav-link-sub nav-link-active' }} data-testid={`sidebar-project-pages-${project.identifier}`}>
          <FileText className="nav-icon" size={16} aria-hidden="true" />
          <span className="nav-text">{t('screens.nav.pages')}</span>
        </Link>
      )}
      {project.intake_view && (
        <Link to="/$workspaceSlug/projects/$projectId/intake" params={{ workspaceSlug: slug, projectId: project.id }} className="nav-link nav-link-sub" activeProps={{ className: 'nav-link nav-link-sub nav-link-active' }} data-testid={`sidebar-project-intake-${project.identifier}`}>
          <Inbox className="nav-icon" size={16} aria-hidden="true" />
          <span className="nav-text">{t('intake.title')}</span>
        </Link>
      )}
    </div>
  );
}

/**
 * "Move to folder" for a favorite: a small popover of the folders (the shell's Popover, so the first
 * screen loads no menu or list library for it). Focus moves into the list on open; Tab and Enter
 * choose, Escape closes and focus returns to the button.
 */
function FavoriteMove({ folders, current, onMove }: { folders: Favorite[]; current: string | null; onMove: (parent: string | null) => void }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const choices = [{ id: null, name: t('favorites.noFolder') }, ...folders.map((folder) => ({ id: folder.id, name: folder.name || t('common.untitled') }))];
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      label={t('favorites.moveTo')}
      align="end"
      className="fav-move-list"
      trigger={<button type="button" className="icon-button fav-move" aria-label={t('favorites.moveTo')} title={t('favorites.moveTo')}><FolderInput size={14} aria-hidden="true" /></button>}
    >
      {choices.map((choice) => (
        <button
          key={choice.id ?? 'none'}
          type="button"
          className="fav-move-choice"
          aria-pressed={choice.id === current}
          onClick={() => {
            setOpen(false);
            if (choice.id !== current) onMove(choice.id);
          }}
        >
          {choice.id ? <Folder size={14} aria-hidden="true" /> : <X size={14} aria-hidden="true" />}
          <span>{choice.name}</span>
          {choice.id === current && <Check size={14} aria-hidden="true" className="fav-move-current" />}
        </button>
      ))}
    </Popover>
  );
}
