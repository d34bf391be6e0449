// Project settings: general (name, description, visibility, estimate, archive, delete), members,
// states, labels, estimates, features and publish. The project route's loader loads what they show.
import { useState } from 'react';
import { Triangle } from 'lucide-react';
import { Button, EmptyState, Tab, TabList, TabPanel, Tabs } from '../../ui';
import { useT } from '../../i18n';
import { createEstimate, deleteEstimate, useProjectEstimates } from '../../stores/estimate-store';
import { updateProject, useProject } from '../../stores/project-store';
import { LabelsSettings, StatesSettings } from './project-settings-lists';
import { MembersSettings } from './project-settings-members';
import { FeaturesSettings, PublishSettings } from './project-settings-features';
import { GeneralSettings } from './project-settings-general';
import { GithubIntegrationSettings } from './project-settings-github';
import { shortenForToast, toastOnFailure } from '../../stores/toast-store';
import { undoWindow } from '../../ui/toast';
import { SETTINGS_TABS, type SettingsTab } from '../../routes/screen-tabs';
import { useProjectCan } from '../../auth/use-project-can';


export function ProjectSettings({ slug, projectId, tab, onTab }: { slug: string; projectId: string; tab: SettingsTab; onTab: (tab: SettingsTab) => void }) {
  const t = useT();
  return (
    <Tabs value={tab} onValueChange={onTab} className="settings-stack">
      <TabList label={t('project.settings')}>
        {SETTINGS_TABS.map((name) => (
          <Tab key={name} value={name} testId={`settings-tab-${name}`}>
            {t(`settings.tab.${name}`)}
          </Tab>
        ))}
      </TabList>
      <TabPanel value={tab} className="settings-stack" testId="project-settings">
        {tab === 'general' && <GeneralSettings slug={slug} projectId={projectId} />}
        {tab === 'members' && <MembersSettings slug={slug} projectId={projectId} />}
        {tab === 'states' && <StatesSettings slug={slug} projectId={projectId} />}
        {tab === 'labels' && <LabelsSettings slug={slug} projectId={projectId} />}
        {tab === 'estimates' && <EstimatesSettings slug={slug} projectId={projectId} />}
        {tab === 'features' && <FeaturesSettings slug={slug} projectId={projectId} />}
        {tab === 'publish' && <PublishSettings slug={slug} projectId={projectId} />}
        {tab === 'integrations' && <GithubIntegrationSettings slug={slug} projectId={projectId} />}
      </TabPanel>
    </Tabs>
  );
}

function EstimatesSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const estimates = useProjectEstimates(projectId);
  const project = useProject(projectId);
  const [name, setName] = useState('');
  const [values, setValues] = useState('1, 2, 3, 5, 8');
  // Estimates are project configuration (members and up); choosing the project's estimate edits the
  // project itself, a project admin's (the permission table).
  const canConfigure = useProjectCan('project.configure', projectId);
  const canChoose = useProjectCan('project.manage', projectId);
  return (
    <section className="settings-card">
      {!canChoose && <p className="muted" data-testid="estimates-admin-only">{t(canConfigure ? 'settings.estimateChoiceAdminOnly' : 'settings.estimatesMemberOnly')}</p>}
      {canConfigure && <form className="inline-form" onSubmit={(event) => { event.preventDefault(); const points = values.split(',').map((value) => value.trim()).filter(Boolean); if (name.trim() && points.length) toastOnFailure(createEstimate(slug, projectId, name.trim(), points)); setName(''); }}>
        <input className="input input-sm" value={name} placeholder={t('settings.estimateName')} aria-label={t('settings.estimateName')} onChange={(event) => setName(event.target.value)} />
        <input className="input input-sm" value={values} aria-label={t('settings.estimatePoints')} onChange={(event) => setValues(event.target.value)} />
        <Button type="submit" size="sm">{t('settings.add')}</Button>
      </form>}
      {estimates.length === 0 && <EmptyState title={t('settings.estimatesEmpty')} body={t('settings.estimatesEmptyBody')} icon={<Triangle size={22} />} />}
      <ul className="plain-list">
        {estimates.map((estimate) => (
          <li key={estimate.id} className="settings-row">
            <strong>{estimate.name}</strong>
            <span className="muted">{estimate.points.map((point) => point.value).join(', ')}</span>
            {project?.estimate === estimate.id
              ? <span className="badge" data-testid={`estimate-active-${estimate.id}`}>{t('screens.estimates.active')}</span>
              : canChoose && <button type="button" className="link-button" onClick={() => toastOnFailure(updateProject(slug, projectId, { estimate: estimate.id }))} data-testid={`estimate-use-${estimate.id}`}>{t('screens.estimates.use')}</button>}
            {canConfigure && <button type="button" className="link-button" onClick={() => toastOnFailure(deleteEstimate(slug, estimate, { undoWindow: () => undoWindow(t('toast.estimateDeleted', { name: shortenForToast(estimate.name) })) }))}>{t('common.delete')}</button>}
          </li>
        ))}
      </ul>
    </section>
  );
}
