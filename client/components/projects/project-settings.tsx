// Project settings: general (name, description, visibility, estimate, archive, delete), members,
// states, labels, estimates, features and publish. The project route's loader loads what they show.
import { useState } from 'react';
import { Triangle } from 'lucide-react';
import { EmptyState } from '../../ui';
import { ROLE_LABEL_KEYS } from './role-labels';
import { useT } from '../../i18n';
import { createEstimate, deleteEstimate, useProjectEstimates } from '../../stores/estimate-store';
import { addProjectMembers, removeProjectMember, updateProjectMemberRole, useMemberUserMap, useProjectMembers } from '../../stores/member-store';
import { updateProject, useProject } from '../../stores/project-store';
import { LabelsSettings, StatesSettings } from './project-settings-lists';
import { FeaturesSettings, PublishSettings } from './project-settings-features';
import { GeneralSettings } from './project-settings-general';
import { toastOnFailure } from '../app-shell/toast-store';

export const SETTINGS_TABS = ['general', 'members', 'states', 'labels', 'estimates', 'features', 'publish'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function ProjectSettings({ slug, projectId, tab, onTab }: { slug: string; projectId: string; tab: SettingsTab; onTab: (tab: SettingsTab) => void }) {
  const t = useT();
  return (
    <div className="settings-stack" data-testid="project-settings">
      <div className="segmented" role="tablist">
        {SETTINGS_TABS.map((name) => (
          <button key={name} type="button" role="tab" aria-selected={tab === name} className={`segment${tab === name ? ' segment-active' : ''}`} onClick={() => onTab(name)} data-testid={`settings-tab-${name}`}>
            {t(`settings.tab.${name}`)}
          </button>
        ))}
      </div>
      {tab === 'general' && <GeneralSettings slug={slug} projectId={projectId} />}
      {tab === 'members' && <MembersSettings slug={slug} projectId={projectId} />}
      {tab === 'states' && <StatesSettings slug={slug} projectId={projectId} />}
      {tab === 'labels' && <LabelsSettings slug={slug} projectId={projectId} />}
      {tab === 'estimates' && <EstimatesSettings slug={slug} projectId={projectId} />}
      {tab === 'features' && <FeaturesSettings slug={slug} projectId={projectId} />}
      {tab === 'publish' && <PublishSettings slug={slug} projectId={projectId} />}
    </div>
  );
}

function MembersSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const memberships = useProjectMembers(projectId);
  const users = useMemberUserMap();
  const [adding, setAdding] = useState('');
  const outside = [...users.values()].filter((user) => !user.is_bot && !memberships.some((row) => row.member === user.id));
  return (
    <section className="settings-card">
      <form className="inline-form" onSubmit={(event) => { event.preventDefault(); if (adding) toastOnFailure(addProjectMembers(slug, projectId, [{ member_id: adding, role: 15 }])); setAdding(''); }}>
        <select className="select select-sm" value={adding} aria-label={t('settings.addMember')} onChange={(event) => setAdding(event.target.value)}>
          <option value="">{t('settings.addMember')}…</option>
          {outside.map((user) => <option key={user.id} value={user.id}>{user.display_name}</option>)}
        </select>
        <button type="submit" className="btn btn-primary btn-sm" disabled={!adding}>{t('settings.add')}</button>
      </form>
      <ul className="plain-list">
        {[...memberships].sort((a, b) => (users.get(a.member)?.display_name ?? '').localeCompare(users.get(b.member)?.display_name ?? '')).map((row) => (
          <li key={row.id} className="settings-row">
            <span>{users.get(row.member)?.display_name ?? row.member}</span>
            <select className="select select-sm" value={row.role} aria-label={t('settings.role')} onChange={(event) => toastOnFailure(updateProjectMemberRole(slug, projectId, row.id, Number(event.target.value)))}>
              {[20, 15, 5].map((role) => <option key={role} value={role}>{t(ROLE_LABEL_KEYS[role]!)}</option>)}
            </select>
            <button type="button" className="link-button" onClick={() => toastOnFailure(removeProjectMember(slug, projectId, row.id))}>{t('common.remove')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EstimatesSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const estimates = useProjectEstimates(projectId);
  const project = useProject(projectId);
  const [name, setName] = useState('');
  const [values, setValues] = useState('1, 2, 3, 5, 8');
  return (
    <section className="settings-card">
      <form className="inline-form" onSubmit={(event) => { event.preventDefault(); const points = values.split(',').map((value) => value.trim()).filter(Boolean); if (name.trim() && points.length) toastOnFailure(createEstimate(slug, projectId, name.trim(), points)); setName(''); }}>
        <input className="input input-sm" value={name} placeholder={t('settings.estimateName')} aria-label={t('settings.estimateName')} onChange={(event) => setName(event.target.value)} />
        <input className="input input-sm" value={values} aria-label={t('settings.estimatePoints')} onChange={(event) => setValues(event.target.value)} />
        <button type="submit" className="btn btn-primary btn-sm">{t('settings.add')}</button>
      </form>
      {estimates.length === 0 && <EmptyState title={t('settings.estimatesEmpty')} body={t('settings.estimatesEmptyBody')} icon={<Triangle size={22} />} />}
      <ul className="plain-list">
        {estimates.map((estimate) => (
          <li key={estimate.id} className="settings-row">
            <strong>{estimate.name}</strong>
            <span className="muted">{estimate.points.map((point) => point.value).join(', ')}</span>
            {project?.estimate === estimate.id
              ? <span className="badge" data-testid={`estimate-active-${estimate.id}`}>{t('screens.estimates.active')}</span>
              : <button type="button" className="link-button" onClick={() => toastOnFailure(updateProject(slug, projectId, { estimate: estimate.id }))} data-testid={`estimate-use-${estimate.id}`}>{t('screens.estimates.use')}</button>}
            <button type="button" className="link-button" onClick={() => toastOnFailure(deleteEstimate(slug, estimate))}>{t('common.delete')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
