// A project's optional sections (cycles, modules, views, pages) can be switched off in its settings
// (Features). When one is off its tab disappears (ProjectTabs) and its routes show this notice
// instead of the screen — with a link to the switch for project admins — never a crash or a blank
// page. A project not loaded yet counts as on: the screen's own loading state shows meanwhile.
import { Link } from '@tanstack/react-router';
import { EyeOff } from 'lucide-react';
import type { ReactNode } from 'react';
import { AppShell } from '../components/app-shell';
import { nameOrUntitled } from '../../shared/names';
import { useT, type MessageKey } from '../i18n';
import { useProject, type Project } from '../stores/project-store';
import { can, memberContext } from '../../shared/permission-table';
import { EmptyState } from '../ui';

export type ProjectFeature = 'cycle_view' | 'module_view' | 'issue_views_view' | 'page_view';

/** Off only when the project says so (`false`); unknown or missing means on. */
export function featureOn(project: Project | undefined, feature: ProjectFeature): boolean {
  return project?.[feature] !== false;
}

export function useFeatureOn(projectId: string, feature: ProjectFeature): boolean {
  return featureOn(useProject(projectId), feature);
}

export function ProjectFeatureGate({ slug, projectId, feature, children }: { slug: string; projectId: string; feature: ProjectFeature; children: ReactNode }) {
  const t = useT();
  const project = useProject(projectId);
  if (featureOn(project, feature)) return <>{children}</>;
  const admin = can('project.manage', memberContext(null, project?.member_role));
  return (
    <AppShell workspaceSlug={slug} title={nameOrUntitled(project!.name)}>
      <div data-testid="feature-off">
        <EmptyState
          icon={<EyeOff size={22} />}
          title={t('screens.featureOff.title', { feature: t(`settings.feature.${feature}` as MessageKey) })}
          body={t(admin ? 'screens.featureOff.bodyAdmin' : 'screens.featureOff.body')}
          action={
            admin ? (
              <Link to="/$workspaceSlug/projects/$projectId/settings" params={{ workspaceSlug: slug, projectId }} search={{ tab: 'features' }} className="btn btn-secondary" data-testid="feature-off-settings">
                {t('screens.featureOff.open')}
              </Link>
            ) : undefined
          }
        />
      </div>
    </AppShell>
  );
}
