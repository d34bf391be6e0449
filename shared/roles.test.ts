import { describe, test, expect } from 'vitest';
import { Role, RoleName, Scope, ROLES, hasRole, isValidRole, roleFromName, roleName, effectiveProjectRole } from './roles';

describe('roles', () => {
  test('role numbers follow the spec', () => {
    expect(Role).toEqual({ ADMIN: 20, MEMBER: 15, GUEST: 5 });
    expect(ROLES).toEqual([20, 15, 5]);
    expect(Scope).toEqual({ WORKSPACE: 'workspace', PROJECT: 'project' });
  });

  test('hasRole compares against the minimum', () => {
    expect(hasRole(Role.ADMIN, Role.MEMBER)).toBe(true);
    expect(hasRole(Role.MEMBER, Role.MEMBER)).toBe(true);
    expect(hasRole(Role.GUEST, Role.MEMBER)).toBe(false);
    expect(hasRole(Role.GUEST, Role.GUEST)).toBe(true);
  });

  test('no membership or an unknown number never passes', () => {
    expect(hasRole(null, Role.GUEST)).toBe(false);
    expect(hasRole(undefined, Role.GUEST)).toBe(false);
    expect(hasRole(99, Role.GUEST)).toBe(false);
    expect(hasRole(10, Role.GUEST)).toBe(false);
  });

  test('isValidRole accepts only 20, 15 and 5', () => {
    expect([20, 15, 5].every(isValidRole)).toBe(true);
    expect([0, 10, 25, '20', null, undefined, 15.5].some(isValidRole)).toBe(false);
  });

  test('roleFromName maps names case-insensitively', () => {
    expect(roleFromName('admin')).toBe(20);
    expect(roleFromName('Member')).toBe(15);
    expect(roleFromName(' GUEST ')).toBe(5);
    expect(roleFromName('owner')).toBeNull();
    expect(roleFromName('toString')).toBeNull();
  });

  test('roleName is the inverse of roleFromName', () => {
    for (const role of ROLES) expect(roleFromName(roleName(role))).toBe(role);
    expect(roleName(Role.MEMBER)).toBe(RoleName.MEMBER);
  });

  test('a workspace admin who is a project member acts as project admin', () => {
    expect(effectiveProjectRole(Role.GUEST, Role.ADMIN)).toBe(Role.ADMIN);
    expect(effectiveProjectRole(Role.GUEST, Role.MEMBER)).toBe(Role.GUEST);
    expect(effectiveProjectRole(null, Role.ADMIN)).toBeNull();
    expect(effectiveProjectRole(7, Role.ADMIN)).toBeNull();
  });
});
