import { describe, expect, test } from 'vitest';
import { Role } from '../roles';
import { canDeletePlanningRow } from './planning';

const actor = (projectRole: number | null, workspaceRole: number | null = Role.MEMBER) => ({ userId: 'u1', projectRole, workspaceRole });

describe('planning row rule (cycles and modules)', () => {
  test('a project admin or a workspace admin who is a member deletes any row', () => {
    expect(canDeletePlanningRow(actor(Role.ADMIN), { created_by: 'u2' })).toBe(true);
    expect(canDeletePlanningRow(actor(Role.MEMBER, Role.ADMIN), { created_by: 'u2' })).toBe(true);
  });

  test('a member deletes only what they created; a missing creator is nobody', () => {
    expect(canDeletePlanningRow(actor(Role.MEMBER), { created_by: 'u1' })).toBe(true);
    expect(canDeletePlanningRow(actor(Role.MEMBER), { created_by: 'u2' })).toBe(false);
    expect(canDeletePlanningRow({ ...actor(Role.MEMBER), userId: '' }, { created_by: null })).toBe(false);
  });

  test('a non-member deletes nothing', () => {
    expect(canDeletePlanningRow(actor(null, Role.ADMIN), { created_by: 'u2' })).toBe(false);
  });
});
