// Turns label rows into the Label wire shape of reference §7/§13.
import type { Label } from '../../../../db/schema/index';

export function presentLabel(label: Label) {
  return {
    id: label.id,
    name: label.name,
    color: label.color,
    description: label.description,
    parent: label.parentId,
    sort_order: label.sortOrder,
    project_id: label.projectId,
    workspace_id: label.workspaceId,
    version: label.version,
  };
}
