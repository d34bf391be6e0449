// A list's statement is rendered once per exact fingerprint of its inputs (server/list-engine/
// rendered-statements.ts): the same scope and request reuse it without building again; anything
// that changes the statement — the project, a guest's own-issues rule, a filter, the page — renders
// anew, so no caller is ever served another's statement.
import { describe, expect, test } from 'vitest';
import { dialect } from '../../db/dialect';
import { groupedStatement, ungroupedStatement, type ListScope } from '../../server/list-engine/list-issues';
import { parseListRequest, type ListRequest } from '../../server/list-engine/params';
import { RENDERED_LISTS_KEPT, renderedListStatement } from '../../server/list-engine/rendered-statements';
import { projectIssueScope } from '../../server/list-engine/scope';
import { Role } from '../../shared/roles';

const ids = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const actor = (userId: string, projectId: string, role: number) => ({
  userId,
  workspace: { id: ids(1) },
  workspaceRole: role,
  project: { id: projectId, guestViewAllFeatures: false },
  projectRole: role,
});
const request = (query: Record<string, string>) => parseListRequest(query, { allowGrouping: true });

/** The ungrouped builder, counting its calls. */
function countingBuild() {
  const calls = { n: 0 };
  const build = (scope: ListScope, list: ListRequest) => {
    calls.n += 1;
    return ungroupedStatement(scope, list);
  };
  return { calls, build };
}

describe('rendered list statements', () => {
  test('the same scope and request reuse the rendered statement, equal to a fresh render', () => {
    const { calls, build } = countingBuild();
    const scope = projectIssueScope(actor(ids(2), ids(100), Role.MEMBER));
    const list = request({ per_page: '100', order_by: '-created_at' });
    const first = renderedListStatement('ungrouped', build, scope, list);
    // A scope and a request built again from the same inputs: new objects, the same fingerprint.
    const again = renderedListStatement('ungrouped', build, projectIssueScope(actor(ids(2), ids(100), Role.MEMBER)), request({ per_page: '100', order_by: '-created_at' }));
    expect(again).toBe(first);
    expect(calls.n).toBe(1);
    expect(first).toEqual(dialect.sqlToQuery(ungroupedStatement(scope, list)));
  });

  test('another project, a guest, a filter, a page or a grouping each render their own', () => {
    const { calls, build } = countingBuild();
    const list = request({ per_page: '50', order_by: 'sort_order' });
    const member = renderedListStatement('ungrouped', build, projectIssueScope(actor(ids(3), ids(101), Role.MEMBER)), list);
    const otherProject = renderedListStatement('ungrouped', build, projectIssueScope(actor(ids(3), ids(102), Role.MEMBER)), list);
    const guest = renderedListStatement('ungrouped', build, projectIssueScope(actor(ids(4), ids(101), Role.GUEST)), list);
    const otherGuest = renderedListStatement('ungrouped', build, projectIssueScope(actor(ids(5), ids(101), Role.GUEST)), list);
    const scope = projectIssueScope(actor(ids(3), ids(101), Role.MEMBER));
    const filtered = renderedListStatement('ungrouped', build, scope, request({ per_page: '50', order_by: 'sort_order', priority: 'high' }));
    const nextPage = renderedListStatement('ungrouped', build, scope, request({ per_page: '50', order_by: 'sort_order', cursor: '50:1:0' }));
    const grouped = renderedListStatement('grouped', groupedStatement, scope, request({ per_page: '50', order_by: 'sort_order', group_by: 'state_id' }));
    expect(calls.n).toBe(6);
    expect(otherProject.params).toContain(ids(102));
    expect(otherProject.params).not.toContain(ids(101));
    // A guest sees only their own issues: their id is in the statement, and only theirs.
    expect(guest.params).toContain(ids(4));
    expect(otherGuest.params).toContain(ids(5));
    expect(otherGuest.params).not.toContain(ids(4));
    expect(member.params).not.toContain(ids(3));
    expect(filtered.params).toContain('high');
    expect(nextPage.sql).toContain('offset 50');
    expect(member.sql).toContain('offset 0');
    expect(grouped.sql).not.toBe(member.sql);
  });

  test(`keeps at most ${RENDERED_LISTS_KEPT}, dropping the least recently used`, () => {
    const { calls, build } = countingBuild();
    const list = request({ per_page: '10' });
    const scopeOf = (n: number) => projectIssueScope(actor(ids(6), ids(1000 + n), Role.MEMBER));
    renderedListStatement('ungrouped', build, scopeOf(0), list);
    for (let n = 1; n <= RENDERED_LISTS_KEPT; n++) {
      renderedListStatement('ungrouped', build, scopeOf(n), list);
      // The second one stays in use, so it is never the least recently used.
      renderedListStatement('ungrouped', build, scopeOf(1), list);
    }
    expect(calls.n).toBe(RENDERED_LISTS_KEPT + 1);
    renderedListStatement('ungrouped', build, scopeOf(1), list);
    expect(calls.n).toBe(RENDERED_LISTS_KEPT + 1);
    // The first was dropped: rendered again.
    renderedListStatement('ungrouped', build, scopeOf(0), list);
    expect(calls.n).toBe(RENDERED_LISTS_KEPT + 2);
  });
});
