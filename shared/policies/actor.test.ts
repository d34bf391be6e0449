import { describe, test, expect } from 'vitest';
import { hasProjectRole, isProjectMember, projectRoleOf, type Actor } from './actor';
import { Role } from '../roles';

const actor = (projectRole: number | null, workspaceRole: number | null = Role.MEMBER): Actor => ({
  userId: 'u1',
  projectRole,
  workspaceRole,
});

describe('actor', () => {
  test('a non-member has no project role', () => {
    expect(projectRoleOf(actor(null, Role.ADMIN))).toBeNull();
    expect(isProjectMember(actor(null, Role.ADMIN))).toBe(false);
  });

  test('project members keep their project role', () => {
    expect(projectRoleOf(actor(Role.GUEST))).toBe(Role.GUEST);
    expect(isProjectMember(actor(Role.GUEST))).toBe(true);
    expect(hasProjectRole(actor(Role.GUEST), Role.MEMBER)).toBe(false);
    expect(hasProjectRole(actor(Role.MEMBER), Role.MEMBER)).toBe(true);
  });

  test('a workspace admin member counts as project admin', () => {
    expect(projectRoleOf(actor(Role.GUEST, Role.ADMIN))).toBe(Role.ADMIN);
    expect(hasProjectRole(actor(Role.GUEST, Role.ADMIN), Role.ADMIN)).toBe(true);
  });
});
