// The sidebar's work sections: favorites (folders with their children) and my projects, which can
// be dragged into a new order (saved per user through user-properties sort_order).
import { FileText, Folder, Inbox, Star, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent } from '@dnd-kit/core';
import { sortOrderBetween } from '../../../shared/sort-order';
import { useT } from '../../i18n';
import { addFavorite, fetchFavorites, moveFavorite, removeFavorite, useFavoriteTree, type Favorite } from '../../stores/favorite-store';
import { fetchProjects, reorderProject, useJoinedProjects, type Project } from '../../stores/project-store';
import { toastOnFailure } from './toast-store';

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
  useEffect(() => {
    void toastOnFailure(fetchProjects(slug), 'toast.refreshFailed');
    void toastOnFailure(fetchFavorites(slug), 'toast.refreshFailed');
  }, [slug]);
  return (
    <>
      <FavoritesSection slug={slug} />
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
        <select className="fav-move" aria-label={t('favorites.moveTo')} value={favorite.parent ?? ''} onChange={(event) => void moveFavorite(slug, favorite.id, { parent: event.target.value || null })}>
          <option value="">{t('favorites.noFolder')}</option>
          {folders.map((folder) => <option key={folder.id} value={folder.id}>{folder.name}</option>)}
        </select>
      )}
      <button type="button" className="icon-button" aria-label={t('favorites.remove')} onClick={() => void removeFavorite(slug, favorite.id)}><X size={14} aria-hidden="true" /></button>
    </div>
  );
}

function ProjectsSection({ slug }: { slug: string }) {
  const t = useT();
  const projects = useJoinedProjects(slug);
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }));
  const handleDragEnd = (event: DragEndEvent) => {
    const movedId = String(event.active.id);
    const targetId = event.over ? String(event.over.id).replace(/^before:/, '') : undefined;
    if (targetId === undefined) return;
    const order = projectDropOrder(projects, movedId, targetId === 'end' ? null : targetId);
    if (order !== null) toastOnFailure(reorderProject(slug, movedId, order));
  };
  return (
    <div className="sidebar-group" data-testid="sidebar-projects">
      <div className="sidebar-section-row">
        <Link to="/$workspaceSlug/projects" params={{ workspaceSlug: slug }} className="sidebar-section sidebar-section-link" data-testid="nav-projects">{t('nav.projects')}</Link>
      </div>
      <DndContext sensors={sensors} onDragEnd={handleDragEnd}>
        {projects.map((project) => <SidebarProject key={project.id} slug={slug} project={project} />)}
        <EndDrop />
      </DndContext>
    </div>
  );
}

function EndDrop() {
  const { setNodeRef, isOver } = useDroppable({ id: 'before:end' });
  return <div ref={setNodeRef} className={`sidebar-drop-end${isOver ? ' sidebar-drop-over' : ''}`} />;
}

function SidebarProject({ slug, project }: { slug: string; project: Project }) {
  const t = useT();
  // Dragged by pointer only, and it holds links: not a button of its own (axe nested-interactive).
  const drag = useDraggable({ id: project.id, attributes: { role: 'group', tabIndex: -1 } });
  const drop = useDroppable({ id: `before:${project.id}` });
  return (
    <div ref={drop.setNodeRef} className={drop.isOver ? 'sidebar-drop-over' : undefined}>
      <div ref={drag.setNodeRef} {...drag.listeners} {...drag.attributes} className={drag.isDragging ? 'dragging' : undefined} data-testid={`sidebar-project-${project.identifier}`}>
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
