import { describe, test, expect } from 'vitest';
import {
  ANONYMOUS_CONTEXT,
  AccessLevel,
  allowPermission,
  allows,
  canCreateInProject,
  canPerformAnyCreateAction,
  isPermissionRule,
  projectRule,
  roleAt,
  roleOnJoin,
  workspaceRule,
  type PermissionContext,
} from './permissions';
import { Role, Scope } from './roles';

const user = (over: Partial<PermissionContext> = {}): PermissionContext => ({
  isAuthenticated: true,
  isInstanceAdmin: false,
  workspaceRole: null,
  projectRole: null,
  ...over,
});

describe('allows', () => {
  test('public passes for anyone', () => {
    expect(allows('public', ANONYMOUS_CONTEXT)).toBe(true);
  });

  test('authenticated needs a signed-in caller', () => {
    expect(allows('authenticated', ANONYMOUS_CONTEXT)).toBe(false);
    expect(allows('authenticated', user())).toBe(true);
  });

  test('instance-admin needs the instance admin flag', () => {
    expect(allows('instance-admin', user())).toBe(false);
    expect(allows('instance-admin', user({ isInstanceAdmin: true }))).toBe(true);
    expect(allows('instance-admin', { ...ANONYMOUS_CONTEXT, isInstanceAdmin: true })).toBe(false);
  });

  test('workspace rules read the workspace role', () => {
    const rule = workspaceRule('member');
    expect(rule).toEqual({ scope: 'workspace', min: 'member' });
    expect(allows(rule, user({ workspaceRole: Role.GUEST }))).toBe(false);
    expect(allows(rule, user({ workspaceRole: Role.MEMBER }))).toBe(true);
    expect(allows(rule, user({ workspaceRole: Role.ADMIN }))).toBe(true);
    expect(allows(rule, user({ projectRole: Role.ADMIN }))).toBe(false);
  });

  test('project rules read the project role', () => {
    const rule = projectRule('member');
    expect(allows(rule, user({ workspaceRole: Role.MEMBER, projectRole: Role.GUEST }))).toBe(false);
    expect(allows(rule, user({ workspaceRole: Role.MEMBER, projectRole: Role.MEMBER }))).toBe(true);
    expect(allows(projectRule('guest'), user({ workspaceRole: Role.MEMBER, projectRole: Role.GUEST }))).toBe(true);
  });

  test('a non-member of the project fails project rules even as workspace admin', () => {
    expect(allows(projectRule('guest'), user({ workspaceRole: Role.ADMIN }))).toBe(false);
  });

  test('a workspace admin who is a project guest passes project admin rules', () => {
    expect(allows(projectRule('admin'), user({ workspaceRole: Role.ADMIN, projectRole: Role.GUEST }))).toBe(true);
  });

  test('role rules fail for anonymous callers', () => {
    expect(allows(projectRule('guest'), { ...ANONYMOUS_CONTEXT, projectRole: Role.ADMIN })).toBe(false);
  });

  test('an unknown min name fails closed', () => {
    expect(allows({ scope: 'project', min: 'owner' as never }, user({ projectRole: Role.ADMIN }))).toBe(false);
  });
});

describe('isPermissionRule', () => {
  test('accepts the declared forms only', () => {
    expect(isPermissionRule('public')).toBe(true);
    expect(isPermissionRule(AccessLevel.INSTANCE_ADMIN)).toBe(true);
    expect(isPermissionRule({ scope: 'project', min: 'guest' })).toBe(true);
    expect(isPermissionRule({ scope: 'team', min: 'guest' })).toBe(false);
    expect(isPermissionRule({ scope: 'project', min: 'owner' })).toBe(false);
    expect(isPermissionRule(undefined)).toBe(false);
    expect(isPermissionRule('admin')).toBe(false);
  });
});

describe('allowPermission', () => {
  test('checks the role list at the level and the extra condition', () => {
    const ctx = user({ workspaceRole: Role.MEMBER, projectRole: Role.MEMBER });
    expect(allowPermission([Role.ADMIN, Role.MEMBER], Scope.PROJECT, ctx)).toBe(true);
    expect(allowPermission([Role.ADMIN], Scope.PROJECT, ctx)).toBe(false);
    expect(allowPermission([Role.MEMBER], Scope.WORKSPACE, ctx, () => false)).toBe(false);
    expect(allowPermission([Role.MEMBER], Scope.WORKSPACE, ctx, () => true)).toBe(true);
  });

  test('roleAt returns null without membership', () => {
    expect(roleAt(Scope.PROJECT, user())).toBeNull();
    expect(roleAt(Scope.WORKSPACE, user({ workspaceRole: 3 }))).toBeNull();
  });
});

describe('create actions and joining', () => {
  test('creating in a project needs Member or above', () => {
    expect(canCreateInProject(Role.GUEST)).toBe(false);
    expect(canCreateInProject(Role.MEMBER)).toBe(true);
    expect(canCreateInProject(null)).toBe(false);
  });

  test('canPerformAnyCreateAction is true when any project allows creating', () => {
    expect(canPerformAnyCreateAction({ a: Role.GUEST, b: null })).toBe(false);
    expect(canPerformAnyCreateAction({ a: Role.GUEST, b: Role.MEMBER })).toBe(true);
    expect(canPerformAnyCreateAction([Role.ADMIN])).toBe(true);
    expect(canPerformAnyCreateAction({})).toBe(false);
  });

  test('joining grants the workspace role, defaulting to Member', () => {
    expect(roleOnJoin(Role.ADMIN)).toBe(Role.ADMIN);
    expect(roleOnJoin(Role.GUEST)).toBe(Role.GUEST);
    expect(roleOnJoin(null)).toBe(Role.MEMBER);
    expect(roleOnJoin(undefined)).toBe(Role.MEMBER);
    expect(roleOnJoin(12)).toBe(Role.MEMBER);
  });
});
