import { describe, expect, test } from 'vitest';
import { Role } from '../roles';
import { viewAccess } from './view';

describe('view access', () => {
  test('project views follow the guest rule of the project', () => {
    expect(viewAccess(Role.MEMBER, { projectRole: Role.MEMBER, guestViewAllFeatures: false })).toBe('full');
    expect(viewAccess(Role.MEMBER, { projectRole: Role.GUEST, guestViewAllFeatures: false })).toBe('own');
    expect(viewAccess(Role.GUEST, { projectRole: Role.GUEST, guestViewAllFeatures: true })).toBe('full');
    expect(viewAccess(Role.MEMBER, { projectRole: null, guestViewAllFeatures: true })).toBe('none');
  });

  test('workspace views follow the workspace role', () => {
    expect(viewAccess(Role.ADMIN)).toBe('full');
    expect(viewAccess(Role.MEMBER)).toBe('full');
    expect(viewAccess(Role.GUEST)).toBe('own');
    expect(viewAccess(null)).toBe('none');
  });
});
