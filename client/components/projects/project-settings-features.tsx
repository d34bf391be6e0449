// Project settings "Features" (which sections the project shows, PATCH …/projects/{id}/) and
// "Publish" (the public board: link, publish/unpublish, its toggles). Only project admins may change them.
import { useState } from 'react';
import { useResource } from '../../api/use-resource';
import { useT, type MessageKey } from '../../i18n';
import { DEPLOY_BOARD_TOGGLES, fetchDeployBoard, publishProject, unpublishProject, updateDeployBoard, useDeployBoard, type DeployBoardToggle } from '../../stores/deploy-board-store';
import { updateProject, useProject, type Project } from '../../stores/project-store';
import { toastOnFailure } from '../../stores/toast-store';
import { Button, Checkbox } from '../../ui';
import { can, memberContext } from '../../../shared/permission-table';

type FeatureKey = 'module_view' | 'cycle_view' | 'issue_views_view' | 'page_view' | 'intake_view' | 'is_time_tracking_enabled' | 'guest_view_all_features';
const PROJECT_FEATURES: readonly FeatureKey[] = ['module_view', 'cycle_view', 'issue_views_view', 'page_view', 'intake_view', 'is_time_tracking_enabled', 'guest_view_all_features'];
/**
 * Switches whose screens the client does not have yet (no time-tracking screen). They are shown
 * disabled as "coming soon" (not offered as if turning them on did something); the API still
 * stores them. The others hide their section: its tab and links go, its routes say it is off.
 */
const FEATURES_WITHOUT_SCREENS: ReadonlySet<FeatureKey> = new Set(['is_time_tracking_enabled']);

/** Features are part of the project's settings (PATCH project: `project.manage`), judged on the project role. */
const isAdmin = (project: Project) => can('project.manage', memberContext(null, project.member_role));

export function FeaturesSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const project = useProject(projectId);
  if (!project) return null;
  const admin = isAdmin(project);
  const row = (key: FeatureKey, soon: boolean) => (
    <li key={key} className="settings-row">
      <label className="check-label">
        <Checkbox
          checked={project[key] ?? false}
          disabled={!admin || soon}
          aria-describedby={soon ? 'features-coming-soon' : undefined}
          onCheckedChange={(checked) => toastOnFailure(updateProject(slug, projectId, { [key]: checked }))}
          testId={`feature-${key}`}
        />
        <span>{t(`settings.feature.${key}` as MessageKey)}</span>
        {soon && <span className="badge badge-muted" data-testid={`feature-soon-${key}`}>{t('screens.features.comingSoon')}</span>}
      </label>
    </li>
  );
  return (
    <section className="settings-card" data-testid="project-features">
      {!admin && <p className="muted">{t('settings.adminOnly')}</p>}
      <ul className="plain-list">{PROJECT_FEATURES.filter((key) => !FEATURES_WITHOUT_SCREENS.has(key)).map((key) => row(key, false))}</ul>
      <p className="sidebar-section">{t('screens.features.comingSoonTitle')}</p>
      <p className="muted" id="features-coming-soon">{t('screens.features.comingSoonBody')}</p>
      <ul className="plain-list">{PROJECT_FEATURES.filter((key) => FEATURES_WITHOUT_SCREENS.has(key)).map((key) => row(key, true))}</ul>
    </section>
  );
}

export function PublishSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const project = useProject(projectId);
  const board = useDeployBoard(projectId);
  const [busy, setBusy] = useState(false);
  const [options, setOptions] = useState<Record<DeployBoardToggle, boolean>>({ is_comments_enabled: false, is_reactions_enabled: false, is_votes_enabled: false });
  useResource(`${slug}/${projectId}|deploy-board`, () => toastOnFailure(fetchDeployBoard(slug, projectId), 'toast.refreshFailed'));
  if (!project || !board) return null;
  const admin = isAdmin(project);
  const published = Boolean(board.id && board.anchor);
  const run = (action: () => Promise<void>) => {
    setBusy(true);
    void toastOnFailure(action()).finally(() => setBusy(false));
  };
  const toggle = (key: DeployBoardToggle, value: boolean) => {
    if (published) toastOnFailure(updateDeployBoard(slug, projectId, board, { [key]: value }));
    else setOptions((current) => ({ ...current, [key]: value }));
  };
  return (
    <section className="settings-card form" data-testid="project-publish">
      <p data-testid="publish-status">{t(published ? 'settings.publish.published' : 'settings.publish.unpublished')}</p>
      {published && (
        <label className="field"><span className="field-label">{t('settings.publish.link')}</span>
          <input className="input" readOnly value={`${location.origin}/spaces/${board.anchor}`} data-testid="publish-link" />
        </label>
      )}
      {!admin && <p className="muted">{t('settings.adminOnly')}</p>}
      <ul className="plain-list">
        {DEPLOY_BOARD_TOGGLES.map((key) => (
          <li key={key} className="settings-row">
            <label className="check-label">
              <Checkbox checked={published ? board[key] : options[key]} disabled={!admin || busy} onCheckedChange={(checked) => toggle(key, checked)} testId={`publish-${key}`} />
              <span>{t(`settings.publish.${key}` as MessageKey)}</span>
            </label>
          </li>
        ))}
      </ul>
      {admin && (
        <div className="form-actions">
          {published
            ? <Button variant="danger" disabled={busy} onClick={() => run(() => unpublishProject(slug, projectId, board))} data-testid="unpublish-project">{t('settings.publish.unpublish')}</Button>
            : <Button disabled={busy} onClick={() => run(() => publishProject(slug, projectId, options))} data-testid="publish-project">{t('settings.publish.publish')}</Button>}
        </div>
      )}
    </section>
  );
}
