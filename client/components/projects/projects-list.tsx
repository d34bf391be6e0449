// The projects list: my projects or all visible ones, archived only with the archived filter,
// ordered by created_at (default) or name; join public projects; favorite; create.
import { Star } from 'lucide-react';
import { Button, Select } from '../../ui';
import { useState } from 'react';
import { Link } from '@tanstack/react-router';
import { nameOrUntitled } from '../../../shared/names';
import { useT } from '../../i18n';
import { toggleFavorite, useFavoriteTree } from '../../stores/favorite-store';
import { joinProjects, setProjectArchived, useProjects, type Project } from '../../stores/project-store';
import { useWorkspace } from '../../stores/workspace-store';
import { EmptyState } from '../feedback';
import { CreateProjectModal } from './create-project-modal';
import { can, memberContext } from '../../../shared/permission-table';
import { ProjectNetwork } from '../../../shared/visibility';
import { toastOnFailure } from '../../stores/toast-store';
import { Role } from '../../../shared/roles';

interface ProjectFilters {
  my_projects: boolean;
  archived_projects: boolean;
}

/** The projects to list under the filters and order of spec §2/§5/§9. */
export function filterProjects(projects: Project[], filters: ProjectFilters, orderBy: 'created_at' | 'name'): Project[] {
  return projects
    .filter((project) => (filters.archived_projects ? Boolean(project.archived_at) : !project.archived_at))
    .filter((project) => !filters.my_projects || project.is_member)
    .sort((a, b) => (orderBy === 'name' ? a.name.localeCompare(b.name) : (b.created_at ?? '').localeCompare(a.created_at ?? '')));
}

export function ProjectsList({ slug }: { slug: string }) {
  const t = useT();
  const projects = useProjects(slug);
  const workspace = useWorkspace(slug);
  const favorites = useFavoriteTree(slug).flatMap((node) => [node, ...node.children]);
  const [filters, setFilters] = useState<ProjectFilters>({ my_projects: false, archived_projects: false });
  const [orderBy, setOrderBy] = useState<'created_at' | 'name'>('created_at');
  const [creating, setCreating] = useState(false);
  const rows = filterProjects(projects, filters, orderBy);
  const canCreate = can('workspace.create-project', memberContext(workspace?.role));
  const canFavorite = can('workspace.favorites', memberContext(workspace?.role));

  return (
    <div className="projects-page" data-testid="projects-page">
      <div className="list-toolbar">
        <label className="check-label"><input type="checkbox" checked={filters.my_projects} onChange={(event) => setFilters({ ...filters, my_projects: event.target.checked })} data-testid="filter-my-projects" />{t('project.filterMine')}</label>
        <label className="check-label"><input type="checkbox" checked={filters.archived_projects} onChange={(event) => setFilters({ ...filters, archived_projects: event.target.checked })} data-testid="filter-archived" />{t('project.filterArchived')}</label>
        <Select
          className="select-sm"
          label={t('list.orderBy')}
          value={orderBy}
          options={[{ value: 'created_at', label: t('project.orderCreated') }, { value: 'name', label: t('project.orderName') }]}
          onChange={(value) => setOrderBy(value as 'created_at' | 'name')}
          testId="projects-order"
        />
        <span className="toolbar-spacer" />
        {canCreate && <Button size="sm" onClick={() => setCreating(true)} data-testid="new-project">{t('project.create')}</Button>}
      </div>
      {rows.length === 0 ? (
        <EmptyState title={t('project.emptyTitle')} body={t('project.emptyBody')} />
      ) : (
        <ul className="project-grid">
          {rows.map((project) => {
            const favorite = favorites.some((row) => row.entity_type === 'project' && row.entity_identifier === project.id);
            return (
              <li key={project.id} className="card project-card" data-testid={`project-card-${project.identifier}`}>
                <div className="project-card-head">
                  <span className="project-badge" aria-hidden="true">{project.identifier.slice(0, 2)}</span>
                  {project.is_member ? (
                    <Link to="/$workspaceSlug/projects/$projectId/issues" params={{ workspaceSlug: slug, projectId: project.id }} className="project-card-name">{nameOrUntitled(project.name)}</Link>
                  ) : (
                    <span className="project-card-name">{nameOrUntitled(project.name)}</span>
                  )}
                  <span className="muted">{project.identifier}</span>
                  <span className="toolbar-spacer" />
                  {project.is_member && canFavorite && (
                    <button type="button" className={`icon-button${favorite ? ' favorite-on' : ''}`} aria-pressed={favorite} aria-label={favorite ? t('favorites.remove') : t('favorites.add')} onClick={() => void toggleFavorite(slug, { entity_type: 'project', entity_identifier: project.id, project_id: project.id, name: project.name })} data-testid="favorite-toggle">
                      <Star size={16} fill={favorite ? 'currentColor' : 'none'} aria-hidden="true" />
                    </button>
                  )}
                </div>
                {project.description && <p className="muted">{project.description}</p>}
                <div className="project-card-actions">
                  {!project.is_member && project.network === ProjectNetwork.PUBLIC && !project.archived_at && (
                    <Button variant="secondary" size="sm" onClick={() => toastOnFailure(joinProjects(slug, [project.id], workspace?.role ?? Role.MEMBER))} data-testid="join-project">{t('project.join')}</Button>
                  )}
                  {project.archived_at && project.is_member && can('project.configure', memberContext(null, project.member_role)) && (
                    <Button variant="secondary" size="sm" onClick={() => toastOnFailure(setProjectArchived(slug, project.id, false))}>{t('project.restore')}</Button>
                  )}
                  {project.is_member && !project.archived_at && (
                    <Link to="/$workspaceSlug/projects/$projectId/settings" params={{ workspaceSlug: slug, projectId: project.id }} className="btn btn-ghost btn-sm">{t('project.settings')}</Link>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {creating && <CreateProjectModal slug={slug} onClose={() => setCreating(false)} />}
    </div>
  );
}
