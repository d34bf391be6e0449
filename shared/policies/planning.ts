// Row rule of the planning entities (cycles and modules), shared by their services and the client:
// `DELETE` passes the route's `project.row-rule` gate for every member, then this decides.
import { Role } from '../roles';
import { hasProjectRole, type Actor } from './actor';

/** True when the actor may delete a cycle or module: a project admin (workspace admins count), or its creator. */
export function canDeletePlanningRow(actor: Actor, row: { created_by: string | null }): boolean {
  return hasProjectRole(actor, Role.ADMIN) || (row.created_by !== null && row.created_by === actor.userId);
}
