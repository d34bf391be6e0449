// The command palette (Ctrl/Cmd+K): jump to a project or its pages, find an issue by key ("ABC-12")
// or name, create an issue, a project or a workspace, switch the current list's layout. Arrow keys
// move, Enter runs.
import { useEffect, useMemo, useState } from 'react';
import { http } from '../../api/http';
import { projectPath } from '../../stores/api-paths';
import { useNavigate } from '@tanstack/react-router';
import { LAYOUTS_BY_CONTEXT } from '../../../shared/display';
import { useT } from '../../i18n';
import { contextOf, updateDisplayFilters } from '../../stores/issue-filter-store';
import { issueKey, useIssues } from '../../stores/issue-store';
import { useJoinedProjects } from '../../stores/project-store';
import { Modal } from '../modal';
import { LAYOUT_LABEL } from '../issues/labels';
import { closePalette, openCreateIssue, openCreateProject, openShortcuts, useOverlayStore } from './overlay-store';

interface Command {
  id: string;
  label: string;
  hint?: string;
  run: () => void;
}

/** Issues whose key or name matches the query (key match first), at most `limit`. */
export function matchIssues<T extends { name: string; sequence_id: number; project_id: string }>(issues: T[], identifiers: Map<string, string>, query: string, limit = 20): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [];
  const keyed: T[] = [];
  const named: T[] = [];
  for (const issue of issues) {
    const key = `${identifiers.get(issue.project_id) ?? ''}-${issue.sequence_id}`.toLowerCase();
    if (key === q || key.startsWith(q)) keyed.push(issue);
    else if (issue.name.toLowerCase().includes(q)) named.push(issue);
    if (keyed.length >= limit) break;
  }
  return [...keyed, ...named].slice(0, limit);
}

export function CommandPalette({ slug }: { slug: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const projects = useJoinedProjects(slug);
  const issues = useIssues();
  const currentList = useOverlayStore((state) => state.currentList);
  const found = useServerSearch(slug, projects[0]?.id, query);

  const commands = useMemo<Command[]>(() => {
    const q = query.trim().toLowerCase();
    const identifiers = new Map(projects.map((project) => [project.id, project.identifier]));
    const list: Command[] = [
      { id: 'create', label: t('palette.createIssue'), hint: 'C', run: () => openCreateIssue() },
      { id: 'create-project', label: t('palette.createProject'), run: openCreateProject },
      { id: 'create-workspace', label: t('palette.createWorkspace'), run: () => void navigate({ to: '/create-workspace' }) },
      { id: 'shortcuts', label: t('palette.shortcuts'), hint: '?', run: openShortcuts },
      { id: 'projects', label: t('palette.allProjects'), run: () => void navigate({ to: '/$workspaceSlug/projects', params: { workspaceSlug: slug } }) },
    ];
    if (currentList) {
      for (const layout of LAYOUTS_BY_CONTEXT[contextOf(currentList)]) {
        list.push({ id: `layout-${layout}`, label: t('palette.switchLayout', { layout: t(LAYOUT_LABEL[layout]) }), run: () => updateDisplayFilters(slug, currentList, { layout }) });
      }
    }
    for (const project of projects) {
      list.push({ id: `project-${project.id}`, label: t('palette.openProject', { name: project.name }), hint: project.identifier, run: () => void navigate({ to: '/$workspaceSlug/projects/$projectId/issues', params: { workspaceSlug: slug, projectId: project.id } }) });
    }
    for (const project of projects.filter((row) => row.page_view !== false)) {
      list.push({ id: `pages-${project.id}`, label: t('screens.palette.goToPages', { name: project.name }), hint: project.identifier, run: () => void navigate({ to: '/$workspaceSlug/projects/$projectId/pages', params: { workspaceSlug: slug, projectId: project.id } }) });
    }
    const filtered = q ? list.filter((command) => command.label.toLowerCase().includes(q) || command.hint?.toLowerCase() === q) : list;
    const local = matchIssues(issues.filter((row) => !row.is_local_update), identifiers, q);
    const seen = new Set(local.map((issue) => issue.id));
    for (const issue of [...local, ...found.filter((row) => !seen.has(row.id))]) {
      filtered.push({
        id: `issue-${issue.id}`,
        label: issue.name,
        hint: issueKey(identifiers.get(issue.project_id), issue),
        run: () => void navigate({ to: '/$workspaceSlug/projects/$projectId/issues/$issueId', params: { workspaceSlug: slug, projectId: issue.project_id, issueId: issue.id } }),
      });
    }
    return filtered.slice(0, 40);
  }, [query, projects, issues, found, currentList, slug, navigate, t]);

  const run = (command: Command | undefined) => {
    if (!command) return;
    closePalette();
    command.run();
  };

  return (
    <Modal title={t('palette.title')} onClose={closePalette} testId="command-palette">
      <input
        className="input"
        value={query}
        autoFocus
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.placeholder')}
        role="combobox"
        aria-expanded="true"
        aria-controls="palette-list"
        onChange={(event) => { setQuery(event.target.value); setActive(0); }}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown') setActive((index) => Math.min(index + 1, commands.length - 1));
          else if (event.key === 'ArrowUp') setActive((index) => Math.max(index - 1, 0));
          else if (event.key === 'Enter') run(commands[active]);
          else return;
          event.preventDefault();
        }}
        data-testid="palette-input"
      />
      <ul className="palette-list" id="palette-list" role="listbox">
        {commands.map((command, index) => (
          <li key={command.id} role="option" aria-selected={index === active}>
            <button type="button" className={`palette-item${index === active ? ' palette-item-active' : ''}`} onMouseEnter={() => setActive(index)} onClick={() => run(command)} data-testid={`palette-${command.id}`}>
              <span>{command.label}</span>
              {command.hint && <kbd>{command.hint}</kbd>}
            </button>
          </li>
        ))}
        {commands.length === 0 && <li className="muted">{t('palette.noResults')}</li>}
      </ul>
    </Modal>
  );
}

interface SearchHit {
  id: string;
  name: string;
  sequence_id: number;
  project_id: string;
}

/**
 * Issues the server finds for the query across my projects (`search-issues/?workspace_search=true`),
 * for issues that are not loaded locally; debounced, and empty on failure.
 */
function useServerSearch(slug: string, anyProjectId: string | undefined, query: string): SearchHit[] {
  const [hits, setHits] = useState<SearchHit[]>([]);
  useEffect(() => {
    const q = query.trim();
    if (!anyProjectId || q.length < 2) {
      setHits([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      void http
        .get<SearchHit[]>(`${projectPath(slug, anyProjectId)}/search-issues/`, { search: q, workspace_search: true }, controller.signal)
        .then((rows) => setHits(Array.isArray(rows) ? rows : []))
        .catch(() => setHits([]));
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, anyProjectId, query]);
  return hits;
}
