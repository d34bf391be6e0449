// Plane's official MCP server (@makeplane/plane-mcp-server, stdio) pointed at Trellis with its own
// environment variables, driven by an MCP client as an AI agent would: its tools for projects,
// states, labels, issues, comments, cycles (with cycle issues and transfer) and modules (with module
// issues) all reach /api/v1, and each result is checked against the app API.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { createApiKey, startPublicApiWorld, type PublicApiWorld } from './support';

const require = createRequire(import.meta.url);
const MCP_SERVER = join(dirname(require.resolve('@makeplane/plane-mcp-server/package.json')), 'build', 'index.js');

describe("Plane's MCP server on /api/v1", () => {
  let t: PublicApiWorld;
  let mcp: Client;
  let slug: string;
  let projectId: string;
  const app = (path: string) => t.appGet(`/api/workspaces/${slug}/projects/${projectId}${path}`);

  /** Calls a tool: its JSON text parsed, or the text of tools that answer a sentence ("Cycle deleted successfully"). */
  async function call(name: string, args: Record<string, unknown> = {}): Promise<any> {
    const result = (await mcp.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text?: string }> };
    const text = result.content[0]?.text;
    expect(result.isError, `${name}: ${text}`).toBeFalsy();
    if (text === undefined) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }

  /** Calls a tool whose HTTP answer has no body (204 deletes): the server then has no text to return. */
  async function callBodiless(name: string, args: Record<string, unknown>): Promise<void> {
    await mcp.callTool({ name, arguments: args }).catch(() => undefined);
  }

  /** Starts the MCP server as an agent's host would (its env vars: host, key, workspace) and connects to it. */
  async function connect(apiKey: string): Promise<Client> {
    const client = new Client({ name: 'trellis-test', version: '1.0.0' });
    const env = { PATH: process.env.PATH ?? '', PLANE_API_HOST_URL: t.baseUrl, PLANE_API_KEY: apiKey, PLANE_WORKSPACE_SLUG: slug };
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [MCP_SERVER], env, stderr: 'ignore' }));
    return client;
  }

  beforeAll(async () => {
    t = await startPublicApiWorld();
    slug = t.world.workspace.slug;
    projectId = t.world.project.id;
    mcp = await connect(t.memberKey);
  });
  afterAll(async () => {
    await mcp?.close();
    await t?.server.close();
  });

  test('user, members and projects', async () => {
    expect(await call('get_user')).toMatchObject({ id: t.world.member.id });
    const members = (await call('get_workspace_members')) as Array<{ id: string }>;
    expect(members.map((m) => m.id).sort()).toEqual([t.world.admin.id, t.world.member.id, t.world.guest.id].sort());
    const created = await call('create_project', { name: 'Agent work', identifier: 'agent' });
    expect(created).toMatchObject({ name: 'Agent work', identifier: 'AGENT' });
    const projects = (await call('get_projects')) as Array<{ id: string; identifier: string }>;
    expect(projects.map((p) => p.id).sort()).toEqual([projectId, created.id].sort());
  });

  test('states and labels', async () => {
    // Creating states is a project admin's: the member's key is refused, as in the app API.
    const refused = await mcp.callTool({ name: 'create_state', arguments: { project_id: projectId, state_data: { name: 'QA', color: '#123456', group: 'started' } } });
    expect(refused.isError).toBe(true);
    const states = await call('list_states', { project_id: projectId });
    expect(states.results.map((s: { id: string }) => s.id).sort()).toEqual(Object.values(t.world.project.states).sort());
    expect(await call('get_state', { project_id: projectId, state_id: t.world.project.states.started })).toMatchObject({ group: 'started' });

    // The admin's agent manages them.
    await mcp.close();
    mcp = await connect(await createApiKey(t.server, t.world, t.world.admin, { label: 'agent' }));
    const state = await call('create_state', { project_id: projectId, state_data: { name: 'QA', color: '#123456', group: 'started' } });
    expect(await call('update_state', { project_id: projectId, state_id: state.id, state_data: { name: 'Quality' } })).toMatchObject({ name: 'Quality' });
    expect(await app(`/states/${state.id}/`)).toMatchObject({ name: 'Quality', group: 'started' });
    await callBodiless('delete_state', { project_id: projectId, state_id: state.id });
    const after = (await app('/states/')) as Array<{ id: string }>;
    expect(after.map((s) => s.id)).not.toContain(state.id);

    const label = await call('create_label', { project_id: projectId, label_data: { name: 'agent', color: '#00ff00' } });
    expect((await call('list_labels', { project_id: projectId })).results.map((l: { id: string }) => l.id)).toEqual([label.id]);
    expect(await call('get_label', { project_id: projectId, label_id: label.id })).toMatchObject({ name: 'agent' });
    expect(await call('update_label', { project_id: projectId, label_id: label.id, label_data: { name: 'bot' } })).toMatchObject({ name: 'bot' });
    await callBodiless('delete_label', { project_id: projectId, label_id: label.id });
    expect(await app('/issue-labels/')).toEqual([]);
  });

  test('issues and comments', async () => {
    const issue = await call('create_issue', {
      project_id: projectId,
      issue_data: { name: 'Filed by an agent', description_html: '<p>found it</p>', priority: 'urgent', state: t.world.project.states.unstarted },
    });
    expect(issue).toMatchObject({ name: 'Filed by an agent', priority: 'urgent', state: t.world.project.states.unstarted });
    const listed = await call('list_project_issues', { project_id: projectId });
    expect(listed.results).toEqual([expect.objectContaining({ id: issue.id, name: 'Filed by an agent', state: expect.objectContaining({ id: t.world.project.states.unstarted }) })]);
    const updated = await call('update_issue', { project_id: projectId, issue_id: issue.id, issue_data: { state: t.world.project.states.completed, assignees: [t.world.member.id] } });
    expect(updated).toMatchObject({ state: t.world.project.states.completed, assignees: [t.world.member.id] });
    expect(await app(`/issues/${issue.id}/`)).toMatchObject({ state_id: t.world.project.states.completed, assignee_ids: [t.world.member.id] });
    const byKey = await call('get_issue_using_readable_identifier', { project_identifier: t.world.project.identifier, issue_identifier: String(issue.sequence_id) });
    expect(byKey).toMatchObject({ id: issue.id });

    const comment = await call('add_issue_comment', { project_id: projectId, issue_id: issue.id, comment_html: '<p>on it</p>' });
    expect(comment).toMatchObject({ comment_html: '<p>on it</p>', issue: issue.id });
    const comments = await call('get_issue_comments', { project_id: projectId, issue_id: issue.id });
    expect(comments.results.map((c: { id: string }) => c.id)).toEqual([comment.id]);
    expect(((await app(`/issues/${issue.id}/comments/`)) as Array<{ id: string }>).map((c) => c.id)).toEqual([comment.id]);
  });

  test('cycles with cycle issues and transfer', async () => {
    const issues = [await call('create_issue', { project_id: projectId, issue_data: { name: 'A', description_html: '' } }), await call('create_issue', { project_id: projectId, issue_data: { name: 'B', description_html: '' } })];
    const ids = issues.map((issue) => issue.id as string);
    const first = await call('create_cycle', { project_id: projectId, cycle_data: { name: 'Week 1', project_id: projectId, start_date: '2026-11-01', end_date: '2026-12-31' } });
    const second = await call('create_cycle', { project_id: projectId, cycle_data: { name: 'Week 2', project_id: projectId, start_date: '2027-01-01', end_date: '2027-01-07' } });
    expect((await call('list_cycles', { project_id: projectId })).results.map((c: { id: string }) => c.id).sort()).toEqual([first.id, second.id].sort());
    expect(await call('get_cycle', { project_id: projectId, cycle_id: first.id })).toMatchObject({ name: 'Week 1' });
    expect(await call('update_cycle', { project_id: projectId, cycle_id: first.id, cycle_data: { name: 'Week one' } })).toMatchObject({ name: 'Week one' });

    await call('add_cycle_issues', { project_id: projectId, cycle_id: first.id, issues: ids });
    expect((await call('list_cycle_issues', { project_id: projectId, cycle_id: first.id })).results.map((i: { id: string }) => i.id).sort()).toEqual([...ids].sort());
    expect(await call('delete_cycle_issue', { project_id: projectId, cycle_id: first.id, issue_id: ids[0] })).toBe('Issue removed from cycle successfully');
    expect(await app(`/issues/${ids[0]}/`)).toMatchObject({ cycle_id: null });
    await call('transfer_cycle_issues', { project_id: projectId, cycle_id: first.id, new_cycle_id: second.id });
    expect(await app(`/issues/${ids[1]}/`)).toMatchObject({ cycle_id: second.id });
    expect((await call('list_cycle_issues', { project_id: projectId, cycle_id: second.id })).results.map((i: { id: string }) => i.id)).toEqual([ids[1]]);

    expect(await call('delete_cycle', { project_id: projectId, cycle_id: first.id })).toBe('Cycle deleted successfully');
    const cycles = (await app('/cycles/')) as Array<{ id: string }>;
    expect(cycles.map((c) => c.id)).toEqual([second.id]);
  });

  test('modules with module issues', async () => {
    const issue = await call('create_issue', { project_id: projectId, issue_data: { name: 'In a module', description_html: '' } });
    const module = await call('create_module', { project_id: projectId, module_data: { name: 'Search', lead: t.world.member.id } });
    expect(module).toMatchObject({ name: 'Search', lead: t.world.member.id });
    expect((await call('list_modules', { project_id: projectId })).results.map((m: { id: string }) => m.id)).toEqual([module.id]);
    expect(await call('get_module', { project_id: projectId, module_id: module.id })).toMatchObject({ name: 'Search' });
    expect(await call('update_module', { project_id: projectId, module_id: module.id, module_data: { status: 'in-progress' } })).toMatchObject({ status: 'in-progress' });
    await call('add_module_issues', { project_id: projectId, module_id: module.id, issues: [issue.id] });
    expect((await call('list_module_issues', { project_id: projectId, module_id: module.id })).results.map((i: { id: string }) => i.id)).toEqual([issue.id]);
    expect(await app(`/issues/${issue.id}/`)).toMatchObject({ module_ids: [module.id] });
    await callBodiless('delete_module_issue', { project_id: projectId, module_id: module.id, issue_id: issue.id });
    expect(await app(`/issues/${issue.id}/`)).toMatchObject({ module_ids: [] });
    await callBodiless('delete_module', { project_id: projectId, module_id: module.id });
    expect(await app('/modules/')).toEqual([]);
  });
});
