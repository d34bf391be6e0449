// Project settings: general (name, description, visibility, estimate, archive, delete), members,
// states, labels, estimates, features and publish. Each tab loads what it shows.
import { useEffect, useState } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { ROLE_LABEL_KEYS } from './role-labels';
import { useT } from '../../i18n';
import { createEstimate, deleteEstimate, fetchEstimates, useProjectEstimates } from '../../stores/estimate-store';
import { fetchProjectLabels } from '../../stores/label-store';
import { addProjectMembers, fetchMembers, fetchProjectMembers, removeProjectMember, updateProjectMemberRole, useMemberUserMap, useProjectMembers } from '../../stores/member-store';
import { deleteProject, setProjectArchived, updateProject, useProject } from '../../stores/project-store';
import { fetchProjectStates } from '../../stores/state-store';
import { ConfirmDialog } from '../confirm-dialog';
import { LabelsSettings, StatesSettings } from './project-settings-lists';
import { FeaturesSettings, PublishSettings } from './project-settings-features';

export const SETTINGS_TABS = ['general', 'members', 'states', 'labels', 'estimates', 'features', 'publish'] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

export function ProjectSettings({ slug, projectId, tab, onTab }: { slug: string; projectId: string; tab: SettingsTab; onTab: (tab: SettingsTab) => void }) {
  const t = useT();
  useEffect(() => {
    void fetchProjectStates(slug, projectId).catch(() => undefined);
    void fetchProjectLabels(slug, projectId).catch(() => undefined);
    void fetchProjectMembers(slug, projectId).catch(() => undefined);
    void fetchMembers(slug).catch(() => undefined);
    void fetchEstimates(slug, projectId).catch(() => undefined);
  }, [slug, projectId]);
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

function GeneralSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const navigate = useNavigate();
  const project = useProject(projectId);
  const estimates = useProjectEstimates(projectId);
  const [confirm, setConfirm] = useState<'archive' | 'delete' | null>(null);
  if (!project) return null;
  const save = (patch: Parameters<typeof updateProject>[2]) => void updateProject(slug, projectId, patch).catch(() => undefined);
  return (
    <section className="settings-card form">
      <label className="field"><span className="field-label">{t('project.name')}</span>
        <input className="input" defaultValue={project.name} onBlur={(event) => event.target.value.trim() && event.target.value !== project.name && save({ name: event.target.value.trim() })} data-testid="settings-project-name" />
      </label>
      <label className="field"><span className="field-label">{t('project.description')}</span>
        <textarea className="input" rows={3} defaultValue={project.description ?? ''} onBlur={(event) => event.target.value !== (project.description ?? '') && save({ description: event.target.value })} />
      </label>
      <label className="field"><span className="field-label">{t('project.visibility')}</span>
        <select className="select" value={project.network ?? 2} onChange={(event) => save({ network: Number(event.target.value) })}>
          <option value={2}>{t('project.public')}</option>
          <option value={0}>{t('project.private')}</option>
        </select>
      </label>
      <label className="field"><span className="field-label">{t('property.estimate')}</span>
        <select className="select" value={project.estimate ?? ''} onChange={(event) => save({ estimate: event.target.value || null })}>
          <option value="">{t('settings.estimatesOff')}</option>
          {estimates.map((estimate) => <option key={estimate.id} value={estimate.id}>{estimate.name}</option>)}
        </select>
      </label>
      <div className="form-actions">
        <button type="button" className="btn btn-secondary" onClick={() => setConfirm('archive')} data-testid="archive-project">{t('project.archive')}</button>
        <button type="button" className="btn btn-danger" onClick={() => setConfirm('delete')} data-testid="delete-project">{t('project.delete')}</button>
      </div>
      {confirm && (
        <ConfirmDialog
          title={t(confirm === 'archive' ? 'project.archive' : 'project.delete')}
          message={t(confirm === 'archive' ? 'project.archiveBody' : 'project.deleteBody', { name: project.name })}
          confirmLabel={t(confirm === 'archive' ? 'project.archive' : 'project.delete')}
          onClose={() => setConfirm(null)}
          onConfirm={async () => {
            if (confirm === 'archive') await setProjectArchived(slug, projectId, true);
            else await deleteProject(slug, projectId);
            void navigate({ to: '/$workspaceSlug/projects', params: { workspaceSlug: slug } });
          }}
        />
      )}
    </section>
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
      <form className="inline-form" onSubmit={(event) => { event.preventDefault(); if (adding) void addProjectMembers(slug, projectId, [{ member_id: adding, role: 15 }]).catch(() => undefined); setAdding(''); }}>
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
            <select className="select select-sm" value={row.role} aria-label={t('settings.role')} onChange={(event) => void updateProjectMemberRole(slug, projectId, row.id, Number(event.target.value)).catch(() => undefined)}>
              {[20, 15, 5].map((role) => <option key={role} value={role}>{t(ROLE_LABEL_KEYS[role]!)}</option>)}
            </select>
            <button type="button" className="link-button" onClick={() => void removeProjectMember(slug, projectId, row.id).catch(() => undefined)}>{t('common.remove')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}

function EstimatesSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const estimates = useProjectEstimates(projectId);
  const [name, setName] = useState('');
  const [values, setValues] = useState('1, 2, 3, 5, 8');
  return (
    <section className="settings-card">
      <form className="inline-form" onSubmit={(event) => { event.preventDefault(); const points = values.split(',').map((value) => value.trim()).filter(Boolean); if (name.trim() && points.length) void createEstimate(slug, projectId, name.trim(), points).catch(() => undefined); setName(''); }}>
        <input className="input input-sm" value={name} placeholder={t('settings.estimateName')} aria-label={t('settings.estimateName')} onChange={(event) => setName(event.target.value)} />
        <input className="input input-sm" value={values} aria-label={t('settings.estimatePoints')} onChange={(event) => setValues(event.target.value)} />
        <button type="submit" className="btn btn-primary btn-sm">{t('settings.add')}</button>
      </form>
      <ul className="plain-list">
        {estimates.map((estimate) => (
          <li key={estimate.id} className="settings-row">
            <strong>{estimate.name}</strong>
            <span className="muted">{estimate.points.map((point) => point.value).join(', ')}</span>
            <button type="button" className="link-button" onClick={() => void deleteEstimate(slug, estimate).catch(() => undefined)}>{t('common.delete')}</button>
          </li>
        ))}
      </ul>
    </section>
  );
}
