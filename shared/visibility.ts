// Who can see a project, page or view without being its owner (spec §3, §6): the numbers the API
// and the database carry, named once so no file compares against a bare 0, 1 or 2.

/** Project `network`: a secret project is visible to its members only; a public one is listed to workspace members (spec: 2 means public). */
export const ProjectNetwork = { SECRET: 0, PUBLIC: 2 } as const;
export type ProjectNetwork = (typeof ProjectNetwork)[keyof typeof ProjectNetwork];

/** Page and view `access`: public to the project (workspace for views), or private to the owner. */
export const PageAccess = { PUBLIC: 0, PRIVATE: 1 } as const;
export type PageAccess = (typeof PageAccess)[keyof typeof PageAccess];

/** Views use the same two values as pages (spec §3: access 0 public, 1 private). */
export const ViewAccess = PageAccess;
export type ViewAccess = PageAccess;
