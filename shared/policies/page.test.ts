import { describe, test, expect } from 'vitest';
import {
  PageAccess,
  canArchivePage,
  canChangePageAccess,
  canDeletePage,
  canDuplicatePage,
  canEditPageContent,
  canFavoritePage,
  canLockPage,
  canReadPage,
  type Actor,
  type PageRow,
} from './page';
import { Role } from '../roles';

const OWNER = 'owner';
const page = (over: Partial<PageRow> = {}): PageRow => ({
  owned_by: OWNER,
  access: PageAccess.PUBLIC,
  is_locked: false,
  archived_at: null,
  ...over,
});
const actor = (projectRole: number | null, userId = 'other', workspaceRole: number | null = Role.MEMBER): Actor => ({
  userId,
  projectRole,
  workspaceRole,
});
const owner = actor(Role.MEMBER, OWNER);
const admin = actor(Role.ADMIN);
const member = actor(Role.MEMBER);
const guest = actor(Role.GUEST);
const outsider = actor(null);
const privatePage = page({ access: PageAccess.PRIVATE });

describe('reading pages', () => {
  test('members and guests read public pages', () => {
    expect(canReadPage(member, page())).toBe(true);
    expect(canReadPage(guest, page())).toBe(true);
  });

  test('a private page is readable only by its owner', () => {
    expect(canReadPage(owner, privatePage)).toBe(true);
    expect(canReadPage(admin, privatePage)).toBe(false);
    expect(canReadPage(member, privatePage)).toBe(false);
  });

  test('non-members read nothing', () => {
    expect(canReadPage(outsider, page())).toBe(false);
    expect(canReadPage(actor(null, OWNER), page())).toBe(false);
  });

  test('guests see only their own pages unless the project allows all features', () => {
    expect(canReadPage(guest, page(), { guest_view_all_features: false })).toBe(false);
    expect(canReadPage(guest, page(), { guest_view_all_features: true })).toBe(true);
    expect(canReadPage(actor(Role.GUEST, OWNER), page(), { guest_view_all_features: false })).toBe(true);
    expect(canReadPage(member, page(), { guest_view_all_features: false })).toBe(true);
  });
});

describe('editing content', () => {
  test('owner and members edit a public page', () => {
    expect(canEditPageContent(owner, page())).toBe(true);
    expect(canEditPageContent(member, page())).toBe(true);
    expect(canEditPageContent(admin, page())).toBe(true);
  });

  test('guests cannot edit a page they do not own', () => {
    expect(canEditPageContent(guest, page())).toBe(false);
    expect(canEditPageContent(actor(Role.GUEST, OWNER), page())).toBe(true);
  });

  test('only the owner edits a private page', () => {
    expect(canEditPageContent(owner, privatePage)).toBe(true);
    expect(canEditPageContent(admin, privatePage)).toBe(false);
  });

  test('locked or archived pages are not editable, even by the owner', () => {
    expect(canEditPageContent(owner, page({ is_locked: true }))).toBe(false);
    expect(canEditPageContent(owner, page({ archived_at: '2024-05-01' }))).toBe(false);
    expect(canEditPageContent(member, page({ is_locked: true }))).toBe(false);
  });

  test('non-members cannot edit', () => {
    expect(canEditPageContent(outsider, page())).toBe(false);
  });
});

describe('other page actions', () => {
  test('duplicate: owner or member+ who can read it', () => {
    expect(canDuplicatePage(owner, privatePage)).toBe(true);
    expect(canDuplicatePage(member, page())).toBe(true);
    expect(canDuplicatePage(guest, page())).toBe(false);
    expect(canDuplicatePage(member, privatePage)).toBe(false);
  });

  test('lock and access change: owner only', () => {
    expect(canLockPage(owner, page())).toBe(true);
    expect(canLockPage(admin, page())).toBe(false);
    expect(canChangePageAccess(owner, page())).toBe(true);
    expect(canChangePageAccess(admin, page())).toBe(false);
    expect(canChangePageAccess(member, page())).toBe(false);
  });

  test('archive and delete: owner or project admin', () => {
    expect(canArchivePage(owner, page())).toBe(true);
    expect(canArchivePage(admin, page())).toBe(true);
    expect(canArchivePage(member, page())).toBe(false);
    expect(canDeletePage(owner, page())).toBe(true);
    expect(canDeletePage(admin, page())).toBe(true);
    expect(canDeletePage(member, page())).toBe(false);
    expect(canDeletePage(guest, page())).toBe(false);
  });

  test('a workspace admin who is a project member counts as project admin', () => {
    expect(canDeletePage(actor(Role.GUEST, 'x', Role.ADMIN), page())).toBe(true);
  });

  test('favorite: member and above, or the owner', () => {
    expect(canFavoritePage(member, page())).toBe(true);
    expect(canFavoritePage(guest, page())).toBe(false);
    expect(canFavoritePage(owner, privatePage)).toBe(true);
    expect(canFavoritePage(member, privatePage)).toBe(false);
  });
});
