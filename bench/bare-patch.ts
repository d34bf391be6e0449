// The essential statements of one `PATCH issues/{id}/` (priority), sent with the bare `postgres`
// driver: the baseline of bench/write-path.ts, run from the bench process itself (the statements
// alone) and behind a bare Fastify route (bench/bare-write-server.ts, the floor of an HTTP service).
import type postgres from 'postgres';

/** What the statements need to know of the bench's workspace, user and session. */
export interface BarePatchTarget {
  sessionId: string;
  slug: string;
  userId: string;
  workspaceId: string;
  projectId: string;
  issueId: string;
}

/** Sets the issue's priority in one transaction, as the app writes it; returns the updated row. */
export function barePatch(sql: postgres.Sql, target: BarePatchTarget, priority: string): Promise<Record<string, unknown>> {
  const { sessionId, slug, userId, workspaceId, projectId, issueId } = target;
  return sql.begin(async (tx) => {
    // The session with the caller's membership joined on, as the app reads them (one statement).
    await tx`select s.user_id, w.id, m.role, pm.role as project_role from sessions s
             join workspaces w on w.slug = ${slug} join workspace_members m on m.workspace_id = w.id and m.member_id = s.user_id
             join project_members pm on pm.project_id = ${projectId} and pm.member_id = s.user_id where s.id = ${sessionId}`;
    const [current] = await tx`select * from issues where id = ${issueId} for update`;
    const [updated] = await tx`update issues set priority = ${priority}, version = version + 1, updated_at = now(), updated_by = ${userId} where id = ${issueId} returning *`;
    const [activity] = await tx`
      insert into issue_activities (issue_id, project_id, workspace_id, actor_id, verb, field, old_value, new_value, comment, epoch, created_by, updated_by)
      values (${issueId}, ${projectId}, ${workspaceId}, ${userId}, 'updated', 'priority', ${current.priority}, ${updated.priority}, 'updated the priority', ${Math.floor(Date.now() / 1000)}, ${userId}, ${userId})
      returning *`;
    await tx`select pg_advisory_xact_lock(hashtextextended(${`changes:${workspaceId}`}, 0))`;
    await tx`
      insert into changes (workspace_id, project_id, entity, entity_id, op, version, data, issue_ids, actor_id)
      values (${workspaceId}, ${projectId}, 'issue', ${issueId}, 'update', ${updated.version}, ${sql.json(updated as never)}, null, ${userId}),
             (${workspaceId}, ${projectId}, 'issue_activity', ${activity.id}, 'create', 1, ${sql.json(activity as never)}, array[${issueId}::uuid], ${userId})`;
    return updated as Record<string, unknown>;
  });
}
