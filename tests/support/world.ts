// One small, fully populated world for cross-cutting suites (route matrix, fuzz): a workspace with
// an admin, a member and a guest, an outsider who belongs to another workspace, and a project in
// which the three insiders hold the same roles.
import {
  addProjectMember,
  addWorkspaceMember,
  buildProject,
  buildUser,
  buildWorkspace,
  setupInstance,
  type TestProject,
  type TestUser,
  type TestWorkspace,
} from './factories';
import type { TestServer } from './server';

export type CallerName = 'anonymous' | 'outsider' | 'guest' | 'member' | 'admin';

export interface World {
  admin: TestUser;
  member: TestUser;
  guest: TestUser;
  outsider: TestUser;
  workspace: TestWorkspace;
  otherWorkspace: TestWorkspace;
  project: TestProject;
  /** Request headers per caller (session cookie + CSRF); anonymous sends none. */
  headers: Record<CallerName, Record<string, string>>;
}

/** Builds the world in the server's database. */
export async function buildWorld(server: TestServer): Promise<World> {
  await setupInstance(server);
  const [admin, member, guest, outsider] = await Promise.all([
    buildUser(server, { firstName: 'Ada', displayName: 'ada' }),
    buildUser(server, { firstName: 'Max', displayName: 'max' }),
    buildUser(server, { firstName: 'Gil', displayName: 'gil' }),
    buildUser(server, { firstName: 'Oz', displayName: 'oz' }),
  ]);
  const workspace = await buildWorkspace(server, admin);
  await addWorkspaceMember(server, workspace, member, 15);
  await addWorkspaceMember(server, workspace, guest, 5);
  const otherWorkspace = await buildWorkspace(server, outsider);
  const project = await buildProject(server, workspace, admin);
  await addProjectMember(server, project, member, 15);
  await addProjectMember(server, project, guest, 5);
  return {
    admin,
    member,
    guest,
    outsider,
    workspace,
    otherWorkspace,
    project,
    headers: { anonymous: {}, outsider: outsider.headers, guest: guest.headers, member: member.headers, admin: admin.headers },
  };
}
