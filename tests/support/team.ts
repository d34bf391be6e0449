// A workspace with one project and a cast of users in the roles a test file names, for route tests
// whose cast differs from world.ts's fixed one (an outsider inside the workspace, a second member,
// a guest outside the project).
import { afterAll, beforeAll } from 'vitest';
import { addProjectMember, addWorkspaceMember, buildProject, buildUser, buildWorkspace, setupInstance, type TestProject, type TestUser, type TestWorkspace } from './factories';
import { createTestServer, type TestServer, type TestServerOptions } from './server';

/** 20 admin, 15 member, 5 guest. */
type Role = 5 | 15 | 20;

/** Where a cast member belongs (no workspace role: a user who belongs to no workspace), and their user fields. */
export interface TeamRoles {
  workspace?: Role;
  project?: Role;
  user?: UserFields;
}

type UserFields = Parameters<typeof buildUser>[1];

export interface TeamOptions {
  /** The owner is also the instance admin; otherwise the instance is only marked set up. */
  instanceAdmin?: boolean;
  owner?: UserFields;
  project?: Parameters<typeof buildProject>[3];
  server?: TestServerOptions;
}

/** The owner (workspace and project admin), their workspace and project, and the named cast. */
export type Team<Name extends string> = { server: TestServer; owner: TestUser; workspace: TestWorkspace; project: TestProject } & Record<Name, TestUser>;

/**
 * For a test file whose tests share one team: registers a beforeAll that starts a test server and
 * builds the owner, the cast (one user per entry of `cast`, created in that order), the workspace,
 * the memberships and the project, and an afterAll that closes the server. The handle is empty
 * until that beforeAll has run, so read it in hooks and tests; a file's own later beforeAll sees
 * it built, and its own afterAll runs before the server closes (vitest runs after-hooks as a stack).
 */
export function useTeam<Name extends string>(cast: Record<Name, TeamRoles>, options: TeamOptions = {}): Team<Name> {
  const team = {} as Team<Name>;
  beforeAll(async () => {
    const server = await createTestServer(options.server);
    const owner = await buildUser(server, options.owner);
    await setupInstance(server, options.instanceAdmin ? owner : undefined);
    const entries = Object.entries(cast) as Array<[Name, TeamRoles]>;
    const people = {} as Record<Name, TestUser>;
    for (const [name, roles] of entries) people[name] = await buildUser(server, roles.user);
    const workspace = await buildWorkspace(server, owner);
    for (const [name, roles] of entries) if (roles.workspace) await addWorkspaceMember(server, workspace, people[name], roles.workspace);
    const project = await buildProject(server, workspace, owner, options.project);
    for (const [name, roles] of entries) if (roles.project) await addProjectMember(server, project, people[name], roles.project);
    Object.assign(team, people, { server, owner, workspace, project });
  });
  afterAll(() => team.server?.close());
  return team;
}
