// URL builders for the workspace and project API paths the work-item stores call.

const enc = encodeURIComponent;

/** `/api/workspaces/{slug}` */
export function workspacePath(slug: string): string {
  return `/api/workspaces/${enc(slug)}`;
}

/** `/api/workspaces/{slug}/projects/{projectId}` */
export function projectPath(slug: string, projectId: string): string {
  return `${workspacePath(slug)}/projects/${enc(projectId)}`;
}

/** `/api/workspaces/{slug}/projects/{projectId}/issues/{issueId}` */
export function issuePath(slug: string, projectId: string, issueId: string): string {
  return `${projectPath(slug, projectId)}/issues/${enc(issueId)}`;
}
