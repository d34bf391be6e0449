import { describe, test, expect } from 'vitest';
import { canCommentIssue, canCreateIssue, canDeleteIssue, canEditIssue, canReadIssue, issueAccess } from './issue';
import type { Actor } from './actor';
import { Role } from '../roles';

const actor = (projectRole: number | null, userId = 'u1', workspaceRole: number | null = Role.MEMBER): Actor => ({
  userId,
  projectRole,
  workspaceRole,
});
const ownIssue = { created_by: 'u1' };
const otherIssue = { created_by: 'u2' };

describe('issue rules', () => {
  test('creating needs Member or above', () => {
    expect(canCreateIssue(Role.ADMIN)).toBe(true);
    expect(canCreateIssue(Role.MEMBER)).toBe(true);
    expect(canCreateIssue(Role.GUEST)).toBe(false);
    expect(canCreateIssue(null)).toBe(false);
  });

  test('members edit any issue; guests only their own', () => {
    expect(canEditIssue(actor(Role.MEMBER), otherIssue)).toBe(true);
    expect(canEditIssue(actor(Role.GUEST), otherIssue)).toBe(false);
    expect(canEditIssue(actor(Role.GUEST), ownIssue)).toBe(true);
    expect(canEditIssue(actor(null), ownIssue)).toBe(false);
  });

  test('admins delete any issue; others only their own', () => {
    expect(canDeleteIssue(actor(Role.ADMIN), otherIssue)).toBe(true);
    expect(canDeleteIssue(actor(Role.MEMBER), otherIssue)).toBe(false);
    expect(canDeleteIssue(actor(Role.MEMBER), ownIssue)).toBe(true);
    expect(canDeleteIssue(actor(Role.GUEST), ownIssue)).toBe(true);
    expect(canDeleteIssue(actor(null), ownIssue)).toBe(false);
  });

  test('a workspace admin who is a project guest deletes as project admin', () => {
    expect(canDeleteIssue(actor(Role.GUEST, 'u1', Role.ADMIN), otherIssue)).toBe(true);
  });

  test('every project role may comment, non-members may not', () => {
    expect(canCommentIssue(Role.GUEST)).toBe(true);
    expect(canCommentIssue(Role.MEMBER)).toBe(true);
    expect(canCommentIssue(Role.ADMIN)).toBe(true);
    expect(canCommentIssue(null)).toBe(false);
  });

  test('issue access: members and above all, guests their own unless the project allows all, non-members none', () => {
    expect(issueAccess(Role.ADMIN, false)).toBe('full');
    expect(issueAccess(Role.MEMBER, false)).toBe('full');
    expect(issueAccess(Role.GUEST, false)).toBe('own');
    expect(issueAccess(Role.GUEST, true)).toBe('full');
    expect(issueAccess(null, true)).toBe('none');
    expect(issueAccess(undefined, false)).toBe('none');
  });

  test('canReadIssue applies the guest rule to guests only', () => {
    expect(canReadIssue(actor(Role.MEMBER), otherIssue, false)).toBe(true);
    expect(canReadIssue(actor(Role.GUEST), otherIssue, false)).toBe(false);
    expect(canReadIssue(actor(Role.GUEST), otherIssue, true)).toBe(true);
    expect(canReadIssue(actor(null), ownIssue, true)).toBe(false);
    expect(canReadIssue(actor(Role.MEMBER), { ...otherIssue, is_draft: true }, true)).toBe(false);
    expect(canReadIssue(actor(Role.ADMIN), { ...otherIssue, is_draft: true }, false)).toBe(true);
    expect(canReadIssue(actor(Role.GUEST), { ...ownIssue, is_draft: true }, false)).toBe(true);
  });
});
