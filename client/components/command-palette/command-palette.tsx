// The command palette (Ctrl/Cmd+K), on cmdk: jump to a project or its pages, find an issue by key
// ("ABC-12") or name, create an issue, a project or a workspace, switch the current list's layout,
// the theme or the language. Arrow keys move, Enter runs.
import { useMemo, useState, type ReactNode } from 'react';
import { Command } from 'cmdk';
import { Building2, CircleDot, FileText, Folder, FolderPlus, Keyboard, Languages, LayoutList, Monitor, Moon, Plus, Sun } from 'lucide-react';
import { useNavigate } from '@tanstack/react-router';
import { LAYOUTS_BY_CONTEXT } from '../../../shared/display';
import { SUPPORTED_LOCALES, setLocale, translate, useLocale, useT, type Locale, type Translate } from '../../i18n';
import { updateProfile, useSessionStore } from '../../stores/session-store';
import { ThemeSetting, useThemeSetting } from '../../ui/theme';
import { chooseTheme } from '../../ui/theme-sync';
import { reportFailure } from '../../stores/toast-store';
import { contextOf, updateDisplayFilters } from '../../stores/issue-filter-store';
import { issueKey, useIssues } from '../../stores/issue-store';
import { useJoinedProjects } from '../../stores/project-store';
import { LAYOUT_LABEL } from '../issues/labels';
import { useIssueSearch, type IssueSearchOptions } from '../issues/use-issue-search';
import { closePalette, openCreateIssue, openCreateProject, openShortcuts, useOverlayStore } from './overlay-store';
import { Dialog } from '../../ui';

type Group = 'actions' | 'navigation' | 'preferences' | 'issues';

interface PaletteCommand {
  id: string;
  label: string;
  group: Group;
  icon: ReactNode;
  hint?: string;
  run: () => void;
}

const GROUPS: Group[] = ['actions', 'issues', 'navigation', 'preferences'];
const ICON = { size: 16, 'aria-hidden': true } as const;

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
  const [query, setQuery] = useState('');
  const commands = usePaletteCommands(slug, query);

  const run = (command: PaletteCommand) => {
    closePalette();
    command.run();
  };

  // cmdk gives the listbox semantics and the arrow/Enter/Home/End keyboard; the list is filtered
  // and ordered here (issue key matches first, then the server's search), so its own filter is off.
  return (
    <Dialog title={t('palette.title')} onClose={closePalette} testId="command-palette">
      <Command className="palette" label={t('palette.title')} shouldFilter={false} loop>
        <Command.Input className="input" value={query} onValueChange={setQuery} autoFocus placeholder={t('palette.placeholder')} aria-label={t('palette.placeholder')} data-testid="palette-input" />
        <Command.List className="palette-list" aria-label={t('palette.title')}>
          <Command.Empty>{t('palette.noResults')}</Command.Empty>
          {GROUPS.map((group) => {
            const rows = commands.filter((command) => command.group === group);
            if (rows.length === 0) return null;
            return (
              <Command.Group key={group} heading={t(`palette.group.${group}`)}>
                {rows.map((command) => (
                  <Command.Item key={command.id} value={command.id} onSelect={() => run(command)} data-testid={`palette-${command.id}`}>
                    <span className="palette-label">{command.icon}<span>{command.label}</span></span>
                    {command.hint && <kbd>{command.hint}</kbd>}
                  </Command.Item>
                ))}
              </Command.Group>
            );
          })}
        </Command.List>
      </Command>
    </Dialog>
  );
}

const PALETTE_SEARCH: IssueSearchOptions = { minLength: 2, params: { workspace_search: true } };

/** Every command for the query: fixed actions, layouts of the list on screen, projects, preferences, issues. */
function usePaletteCommands(slug: string, query: string): PaletteCommand[] {
  const t = useT();
  const navigate = useNavigate();
  const locale = useLocale();
  const theme = useThemeSetting();
  const projects = useJoinedProjects(slug);
  const issues = useIssues();
  const currentList = useOverlayStore((state) => state.currentList);
  // Issues not loaded locally, from the server's search across my projects.
  const found = useIssueSearch(slug, projects[0]?.id, query, PALETTE_SEARCH).hits;

  return useMemo<PaletteCommand[]>(() => {
    const q = query.trim().toLowerCase();
    const identifiers = new Map(projects.map((project) => [project.id, project.identifier]));
    const list: PaletteCommand[] = [
      { id: 'create', group: 'actions', icon: <Plus {...ICON} />, label: t('palette.createIssue'), hint: 'C', run: () => openCreateIssue() },
      { id: 'create-project', group: 'actions', icon: <FolderPlus {...ICON} />, label: t('palette.createProject'), run: openCreateProject },
      { id: 'create-workspace', group: 'actions', icon: <Building2 {...ICON} />, label: t('palette.createWorkspace'), run: () => void navigate({ to: '/create-workspace' }) },
      { id: 'shortcuts', group: 'actions', icon: <Keyboard {...ICON} />, label: t('palette.shortcuts'), hint: '?', run: openShortcuts },
      { id: 'projects', group: 'navigation', icon: <Folder {...ICON} />, label: t('palette.allProjects'), run: () => void navigate({ to: '/$workspaceSlug/projects', params: { workspaceSlug: slug } }) },
    ];
    if (currentList) {
      for (const layout of LAYOUTS_BY_CONTEXT[contextOf(currentList)]) {
        list.push({ id: `layout-${layout}`, group: 'actions', icon: <LayoutList {...ICON} />, label: t('palette.switchLayout', { layout: t(LAYOUT_LABEL[layout]) }), run: () => updateDisplayFilters(slug, currentList, { layout }) });
      }
    }
    for (const project of projects) {
      list.push({ id: `project-${project.id}`, group: 'navigation', icon: <Folder {...ICON} />, label: t('palette.openProject', { name: project.name }), hint: project.identifier, run: () => void navigate({ to: '/$workspaceSlug/projects/$projectId/issues', params: { workspaceSlug: slug, projectId: project.id } }) });
    }
    for (const project of projects.filter((row) => row.page_view !== false)) {
      list.push({ id: `pages-${project.id}`, group: 'navigation', icon: <FileText {...ICON} />, label: t('screens.palette.goToPages', { name: project.name }), hint: project.identifier, run: () => void navigate({ to: '/$workspaceSlug/projects/$projectId/pages', params: { workspaceSlug: slug, projectId: project.id } }) });
    }
    list.push(...preferenceCommands(t, theme, locale));
    const filtered = q ? list.filter((command) => command.label.toLowerCase().includes(q) || command.hint?.toLowerCase() === q) : list;
    const local = matchIssues(issues.filter((row) => !row.is_local_update), identifiers, q);
    const seen = new Set(local.map((issue) => issue.id));
    for (const issue of [...local, ...found.filter((row) => !seen.has(row.id))]) {
      filtered.push({
        id: `issue-${issue.id}`,
        group: 'issues',
        icon: <CircleDot {...ICON} />,
        label: issue.name,
        hint: issueKey(identifiers.get(issue.project_id), issue),
        run: () => void navigate({ to: '/$workspaceSlug/projects/$projectId/issues/$issueId', params: { workspaceSlug: slug, projectId: issue.project_id, issueId: issue.id } }),
      });
    }
    return filtered.slice(0, 40);
  }, [query, projects, issues, found, currentList, slug, navigate, t, theme, locale]);
}

const THEME_ICONS: Record<ThemeSetting, ReactNode> = { light: <Sun {...ICON} />, dark: <Moon {...ICON} />, system: <Monitor {...ICON} /> };

/** The themes other than the current one, and the other interface languages. */
function preferenceCommands(t: Translate, theme: ThemeSetting, locale: Locale): PaletteCommand[] {
  const themes = (Object.values(ThemeSetting) as ThemeSetting[]).filter((setting) => setting !== theme).map<PaletteCommand>((setting) => ({
    id: `theme-${setting}`,
    group: 'preferences',
    icon: THEME_ICONS[setting],
    label: t('palette.theme', { theme: t(`theme.${setting}`) }),
    run: () => void chooseTheme(setting).catch((error: unknown) => reportFailure('toast.themeSaveFailed', error)),
  }));
  const languages = SUPPORTED_LOCALES.filter((candidate) => candidate !== locale).map<PaletteCommand>((candidate) => ({
    id: `language-${candidate}`,
    group: 'preferences',
    icon: <Languages {...ICON} />,
    // The language's own name, so someone who cannot read the current one still finds it.
    label: t('palette.language', { language: translate(candidate, `language.${candidate}`) }),
    run: () => void chooseLanguage(candidate),
  }));
  return [...themes, ...languages];
}

/** Switches the interface language now and stores it in the profile when signed in. */
async function chooseLanguage(locale: Locale): Promise<void> {
  setLocale(locale);
  if (!useSessionStore.getState().profile) return;
  await updateProfile({ language: locale }).catch((error: unknown) => reportFailure('toast.languageSaveFailed', error));
}

