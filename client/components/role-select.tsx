// Role picker and label for workspace roles (spec §6: Admin 20, Member 15, Guest 5).
import type { SelectHTMLAttributes } from 'react';
import { ROLES, Role } from '../../shared/roles';
import { useT, type MessageKey, type Translate } from '../i18n';

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

export function RoleSelect({ value, onChange, maxRole = Role.ADMIN, ...rest }: Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  value: number;
  onChange: (role: number) => void;
  /** Roles above this are not offered (you cannot grant more than you have). */
  maxRole?: number;
}) {
  const t = useT();
  return (
    <select className="input select" value={value} onChange={(event) => onChange(Number(event.target.value))} {...rest}>
      {ROLES.filter((role) => role <= maxRole || role === value).map((role) => (
        <option key={role} value={role}>
          {roleLabel(t, role)}
        </option>
      ))}
    </select>
  );
}
