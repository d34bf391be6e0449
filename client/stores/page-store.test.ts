// Page list tabs/sorting (spec §9) and the action visibility rules (spec §6) the page screens use.
import { expect, test } from 'vitest';
import { PageSortKey, PageTab, pagePermissions, selectPages, type Page } from './page-store';
import { PageAccess } from '../../shared/visibility';

const base: Page = {
  id: 'p', name: 'b', owned_by: 'owner', access: PageAccess.PUBLIC, color: '', parent: null, is_favorite: false, is_locked: false, archived_at: null,
  workspace: 'w', created_at: '2024-01-02T00:00:00.000Z', updated_at: '2024-01-02T00:00:00.000Z', created_by: null, updated_by: null, label_ids: [], project_ids: [],
  view_props: {}, logo_props: {}, anchor: null, version: 1,
};
const page = (patch: Partial<Page>): Page => ({ ...base, ...patch });

test('tabs split public, private and archived root pages; default sort is updated_at descending', () => {
  const rows = [
    page({ id: '1', name: 'Alpha', updated_at: '2024-01-01T00:00:00.000Z' }),
    page({ id: '2', name: 'beta', updated_at: '2024-03-01T00:00:00.000Z', is_favorite: true }),
    page({ id: '3', access: PageAccess.PRIVATE }),
    page({ id: '4', archived_at: '2024-02-02' }),
    page({ id: '5', parent: '1' }),
  ];
  const updated = { key: PageSortKey.UPDATED_AT, descending: true };
  expect(selectPages(rows, PageTab.PUBLIC, updated).map((p) => p.id)).toEqual(['2', '1']);
  expect(selectPages(rows, PageTab.PRIVATE, updated).map((p) => p.id)).toEqual(['3']);
  expect(selectPages(rows, PageTab.ARCHIVED, updated).map((p) => p.id)).toEqual(['4']);
  expect(selectPages(rows, PageTab.PUBLIC, { key: PageSortKey.NAME, descending: false }).map((p) => p.id)).toEqual(['1', '2']);
  expect(selectPages(rows, PageTab.PUBLIC, updated, true).map((p) => p.id)).toEqual(['2']);
});

test('actions follow spec §6: owner locks and changes access; admins archive; guests only read', () => {
  const owner = { userId: 'owner', projectRole: 15, workspaceRole: 15 };
  const admin = { userId: 'admin', projectRole: 20, workspaceRole: 15 };
  const guest = { userId: 'guest', projectRole: 5, workspaceRole: 5 };
  expect(pagePermissions(owner, base)).toMatchObject({ canEdit: true, canLock: true, canChangeAccess: true, canArchive: true, canDelete: false, canFavorite: true });
  expect(pagePermissions(admin, base)).toMatchObject({ canEdit: true, canLock: false, canChangeAccess: false, canArchive: true });
  expect(pagePermissions(guest, base)).toMatchObject({ canEdit: false, canDuplicate: false, canFavorite: false, canArchive: false });
  expect(pagePermissions(owner, page({ is_locked: true })).canEdit).toBe(false);
  expect(pagePermissions(admin, page({ archived_at: '2024-01-01' }))).toMatchObject({ canEdit: false, canDelete: true, canFavorite: false });
});
