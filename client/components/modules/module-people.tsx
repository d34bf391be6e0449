// A module's lead and members: avatars and names, a lead to choose and members to add or remove by
// intent (a teammate's simultaneous change stays). Offered only to those who may edit the project's
// work (`project.edit`); anyone else reads the same people without controls.
import { X } from 'lucide-react';
import { useT } from '../../i18n';
import { Avatar, IconButton, Select } from '../../ui';
import { useMemberUserMap, useProjectMembers } from '../../stores/member-store';
import { changeModuleMembers, updateModule, type Module } from '../../stores/module-store';
import { toastOnFailure } from '../../stores/toast-store';

export function ModulePeople({ slug, module, canEdit }: { slug: string; module: Module; canEdit: boolean }) {
  const t = useT();
  const users = useMemberUserMap();
  const projectMembers = useProjectMembers(module.project_id);
  const nameOf = (id: string) => users.get(id)?.display_name ?? t('activity.unknownUser');
  const memberIds = module.member_ids ?? [];
  const people = projectMembers.map((row) => row.member).filter((id) => users.has(id) && !users.get(id)?.is_bot);
  const outside = people.filter((id) => !memberIds.includes(id));
  const editable = canEdit && !module.archived_at;
  return (
    <section className="module-panel" data-testid="module-people">
      <h3>{t('modules.detail.people')}</h3>
      <div className="module-people-row">
        <span className="muted">{t('modules.lead')}</span>
        {editable ? (
          <Select
            className="select-sm"
            label={t('modules.lead')}
            value={module.lead_id ?? ''}
            options={[{ value: '', label: t('modules.detail.noLead') }, ...people.map((id) => ({ value: id, label: nameOf(id) }))]}
            onChange={(value) => void updateModule(slug, module, { lead_id: value || null }).catch(() => undefined)}
            testId="module-lead-select"
          />
        ) : (
          <span data-testid="module-lead">{module.lead_id ? nameOf(module.lead_id) : t('modules.detail.noLead')}</span>
        )}
      </div>
      <p className="muted module-people-label">{t('modules.members')}</p>
      {memberIds.length === 0 ? (
        <p className="muted">{t('modules.noMembers')}</p>
      ) : (
        <ul className="module-members" data-testid="module-members">
          {memberIds.map((id) => (
            <li key={id} className="member-cell" data-testid={`module-member-${id}`}>
              <Avatar name={nameOf(id)} src={users.get(id)?.avatar_url} size="sm" />
              <span className="member-cell-name">{nameOf(id)}</span>
              {editable && (
                <IconButton
                  label={t('modules.detail.removeMember', { name: nameOf(id) })}
                  icon={<X size={14} aria-hidden="true" />}
                  onClick={() => void toastOnFailure(changeModuleMembers(slug, module, { add: [], remove: [id] }))}
                />
              )}
            </li>
          ))}
        </ul>
      )}
      {editable && outside.length > 0 && (
        <Select
          className="select-sm"
          label={t('modules.detail.addMember')}
          value=""
          placeholder={`${t('modules.detail.addMember')}…`}
          options={outside.map((id) => ({ value: id, label: nameOf(id), keywords: users.get(id)?.email ? [users.get(id)!.email!] : undefined }))}
          onChange={(id) => id && void toastOnFailure(changeModuleMembers(slug, module, { add: [id], remove: [] }))}
          testId="module-member-add"
        />
      )}
    </section>
  );
}
