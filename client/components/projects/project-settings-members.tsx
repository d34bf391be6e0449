// Project settings → Members: an aligned table of avatar and name, email, role and remove. Adding
// members, changing roles and removing others are a project admin's (the permission table); anyone
// else reads the same table without those controls.
import { useState } from 'react';
import { Avatar, Button, Select, Table, type TableColumn } from '../../ui';
import { ROLE_LABEL_KEYS } from './role-labels';
import { useT } from '../../i18n';
import { addProjectMembers, removeProjectMember, updateProjectMemberRole, useMemberUserMap, useProjectMembers } from '../../stores/member-store';
import { toastOnFailure } from '../../stores/toast-store';
import { useProjectCan } from '../../auth/use-project-can';

type Membership = ReturnType<typeof useProjectMembers>[number];

export function MembersSettings({ slug, projectId }: { slug: string; projectId: string }) {
  const t = useT();
  const memberships = useProjectMembers(projectId);
  const users = useMemberUserMap();
  const [adding, setAdding] = useState('');
  const isAdmin = useProjectCan('project.admin', projectId);
  const outside = [...users.values()].filter((user) => !user.is_bot && !memberships.some((row) => row.member === user.id));
  const nameOf = (row: Membership) => users.get(row.member)?.display_name ?? row.member;
  const rows = [...memberships].sort((a, b) => nameOf(a).localeCompare(nameOf(b)));
  const columns: TableColumn<Membership>[] = [
    {
      key: 'name',
      header: t('members.column.name'),
      cell: (row) => (
        <span className="member-cell">
          <Avatar name={nameOf(row)} src={users.get(row.member)?.avatar_url} size="sm" />
          <span className="member-cell-name">{nameOf(row)}</span>
        </span>
      ),
    },
    { key: 'email', header: t('members.column.email'), cell: (row) => <span className="muted" data-testid="project-member-email">{users.get(row.member)?.email ?? ''}</span> },
    {
      key: 'role',
      header: t('members.column.role'),
      cell: (row) =>
        isAdmin ? (
          <Select
            className="select-sm"
            label={t('settings.role')}
            value={String(row.role)}
            options={[20, 15, 5].map((role) => ({ value: String(role), label: t(ROLE_LABEL_KEYS[role]!) }))}
            onChange={(role) => toastOnFailure(updateProjectMemberRole(slug, projectId, row.id, Number(role)))}
            testId={`project-member-role-${row.member}`}
          />
        ) : (
          <span data-testid={`project-member-role-${row.member}`}>{t(ROLE_LABEL_KEYS[row.role] ?? ROLE_LABEL_KEYS[5]!)}</span>
        ),
    },
  ];
  if (isAdmin) {
    columns.push({
      key: 'actions',
      header: t('members.column.actions'),
      hideHeader: true,
      kind: 'actions',
      cell: (row) => <Button variant="ghost" size="sm" onClick={() => toastOnFailure(removeProjectMember(slug, projectId, row.id))}>{t('common.remove')}</Button>,
    });
  }
  return (
    <section className="settings-card">
      {!isAdmin && <p className="muted" data-testid="members-admin-only">{t('settings.membersAdminOnly')}</p>}
      {isAdmin && (
        <form className="inline-form" onSubmit={(event) => { event.preventDefault(); if (adding) toastOnFailure(addProjectMembers(slug, projectId, [{ member_id: adding, role: 15 }])); setAdding(''); }}>
          <Select
            className="select-sm"
            label={t('settings.addMember')}
            value={adding}
            placeholder={`${t('settings.addMember')}…`}
            options={outside.map((user) => ({ value: user.id, label: user.display_name, keywords: user.email ? [user.email] : undefined }))}
            onChange={setAdding}
            testId="project-member-add"
          />
          <Button type="submit" size="sm" disabled={!adding}>{t('settings.add')}</Button>
        </form>
      )}
      <div className="card card-flush">
        <Table columns={columns} rows={rows} rowKey={(row) => row.id} label={t('settings.tab.members')} testId="project-members-table" rowTestId={(row) => `project-member-${row.member}`} />
      </div>
    </section>
  );
}
