// Role picker and label for workspace roles (spec §6: Admin 20, Member 15, Guest 5).
import { ROLES, Role } from '../../shared/roles';
import { useT, type MessageKey, type Translate } from '../i18n';
import { Select } from '../ui/select';

const ROLE_KEYS: Record<number, MessageKey> = {
  [Role.ADMIN]: 'role.admin',
  [Role.MEMBER]: 'role.member',
  [Role.GUEST]: 'role.guest',
};

/** The translated name of a role number. */
export function roleLabel(t: Translate, role: number): string {
  const key = ROLE_KEYS[role];
  return key ? t(key) : String(role);
}

/** The design system's Select over the roles (no native <select>, issue #12). */
export function RoleSelect({ value, onChange, maxRole = Role.ADMIN, label, id, disabled, testId }: {
  value: number;
  onChange: (role: number) => void;
  /** Roles above this are not offered (you cannot grant more than you have). */
  maxRole?: number;
  /** The list's accessible name ("Role for ada@example.com"); defaults to "Role". */
  label?: string;
  id?: string;
  disabled?: boolean;
  testId?: string;
}) {
  const t = useT();
  return (
    <Select
      id={id}
      label={label ?? t('members.column.role')}
      value={String(value)}
      disabled={disabled}
      options={ROLES.filter((role) => role <= maxRole || role === value).map((role) => ({ value: String(role), label: roleLabel(t, role) }))}
      onChange={(role) => onChange(Number(role))}
      testId={testId}
    />
  );
}
