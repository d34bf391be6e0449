// The home dashboard (reference accounts §12.1, API.md "Dashboard"): each member's own dashboard
// per workspace, created on first visit with every widget of shared/dashboard.ts; widget filters
// and visibility saved per dashboard; and each widget's figures, counted only over the issues the
// caller may see in their own live projects (the workspace list scope: a guest without
// guest_view_all sees only what they created).
import { and, asc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { dashboardWidgets, dashboards, issueActivities, users, widgets, type Dashboard } from '../../../db/schema/index';
import type { ServerContext } from '../../context';
import { PRIORITY_ORDER, STATE_GROUPS } from '../../../shared/issue-constants';
import { WIDGET_KEYS, WidgetKey, defaultWidgetFilters, isWidgetKey } from '../../../shared/dashboard';
import { parseDateFilter } from '../../../shared/date-filters';
import { todayIn } from '../../../shared/calendar-day';
import type { UpdateWidgetBody, WidgetStatsQuery } from '../../../shared/schemas/dashboard';
import { BadRequestError, NotFoundError, ValidationError } from '../../errors';
import type { UserActor, WorkspaceActor } from '../../actor';
import { memberProjectIds } from '../../list-engine/scope';
import { dashboardIssueWhere, resolveDashboardScope, scopeProjectIds, type DashboardScope } from './dashboard-scope';
import { HIDDEN_ACTIVITY_FIELDS, pageActivities } from '../work-items/issue-activity-feed';

const HOME = 'home';
/** Issues an issue widget lists (reference: ≤ 5, with the full count beside them). */
const WIDGET_ISSUE_LIMIT = 5;
const RECENT_ACTIVITY_LIMIT = 8;
const RECENT_PROJECT_LIMIT = 4;
const COLLABORATOR_LIMIT = 20;
const OPEN_GROUPS = ['backlog', 'unstarted', 'started'];
const openGroup = sql`s.group in (${sql.join(OPEN_GROUPS.map((group) => sql`${group}`), sql`, `)})`;

function presentDashboard(row: Dashboard) {
  return {
    id: row.id,
    name: row.name,
    description_html: row.descriptionHtml,
    identifier: row.identifier,
    owned_by: row.ownedById,
    is_default: row.isDefault,
    type_identifier: row.typeIdentifier,
    logo_props: row.logoProps,
    workspace: row.workspaceId,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The shared widget rows, one per key, created the first time any dashboard needs them. */
async function ensureWidgets(db: Db): Promise<Map<string, string>> {
  let rows = await db.select({ id: widgets.id, key: widgets.key }).from(widgets).where(inArray(widgets.key, [...WIDGET_KEYS]));
  if (rows.length < WIDGET_KEYS.length) {
    await db
      .insert(widgets)
      .values(WIDGET_KEYS.map((key) => ({ key, filters: defaultWidgetFilters(key) })))
      .onConflictDoNothing({ target: widgets.key });
    rows = await db.select({ id: widgets.id, key: widgets.key }).from(widgets).where(inArray(widgets.key, [...WIDGET_KEYS]));
  }
  return new Map(rows.map((row) => [row.key, row.id]));
}

/** The caller's dashboard widgets, in order: `{id (the widget's), key, is_visible, sort_order, widget_filters}`. */
async function listDashboardWidgets(db: Db, dashboardId: string) {
  const rows = await db
    .select({ id: widgets.id, key: widgets.key, is_visible: dashboardWidgets.isVisible, sort_order: dashboardWidgets.sortOrder, widget_filters: dashboardWidgets.filters })
    .from(dashboardWidgets)
    .innerJoin(widgets, eq(widgets.id, dashboardWidgets.widgetId))
    .where(eq(dashboardWidgets.dashboardId, dashboardId))
    .orderBy(asc(dashboardWidgets.sortOrder));
  return rows.map((row) => ({ ...row, widget_filters: row.widget_filters as Record<string, unknown> }));
}

/**
 * `GET /api/workspaces/:slug/dashboard/?dashboard_type=home`: the caller's home dashboard of the
 * workspace, created with every widget (default filters, visible) on first call; a widget added to
 * the product later joins existing dashboards the same way.
 * @throws BadRequestError for a missing or unknown dashboard type.
 */
export async function getHomeDashboard(db: Db, actor: WorkspaceActor, dashboardType: string | undefined) {
  if (dashboardType !== HOME) throw new BadRequestError('Please specify a valid dashboard type');
  // The usual visit: the dashboard and all its widgets exist, so nothing is written.
  const [existing] = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.workspaceId, actor.workspace.id), eq(dashboards.ownedById, actor.userId), eq(dashboards.typeIdentifier, HOME)))
    .limit(1);
  if (existing) {
    const current = await listDashboardWidgets(db, existing.id);
    if (current.length === WIDGET_KEYS.length) return { dashboard: presentDashboard(existing), widgets: current };
  }
  const widgetIds = await ensureWidgets(db);
  const dashboard = await db.transaction(async (tx) => {
    // One dashboard per member and workspace even when two first visits race.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`trellis:dashboard:${actor.workspace.id}:${actor.userId}`}, 0))`);
    const [existing] = await tx
      .select()
      .from(dashboards)
      .where(and(eq(dashboards.workspaceId, actor.workspace.id), eq(dashboards.ownedById, actor.userId), eq(dashboards.typeIdentifier, HOME)))
      .limit(1);
    const row =
      existing ??
      (
        await tx
          .insert(dashboards)
          .values({ workspaceId: actor.workspace.id, ownedById: actor.userId, name: 'Home dashboard', typeIdentifier: HOME, isDefault: true, createdBy: actor.userId, updatedBy: actor.userId })
          .returning()
      )[0];
    await tx
      .insert(dashboardWidgets)
      .values(
        WIDGET_KEYS.map((key, index) => ({
          dashboardId: row.id,
          widgetId: widgetIds.get(key)!,
          sortOrder: (index + 1) * 1000,
          filters: defaultWidgetFilters(key),
          createdBy: actor.userId,
          updatedBy: actor.userId,
        })),
      )
      .onConflictDoNothing({ target: [dashboardWidgets.dashboardId, dashboardWidgets.widgetId] });
    return row;
  });
  return { dashboard: presentDashboard(dashboard), widgets: await listDashboardWidgets(db, dashboard.id) };
}

/** The caller's own dashboard, or 404 (someone else's dashboard is not revealed). */
async function ownDashboard(db: Db, userId: string, dashboardId: string, workspaceId?: string): Promise<Dashboard> {
  const [row] = await db
    .select()
    .from(dashboards)
    .where(and(eq(dashboards.id, dashboardId), eq(dashboards.ownedById, userId), workspaceId ? eq(dashboards.workspaceId, workspaceId) : undefined))
    .limit(1);
  if (!row) throw new NotFoundError('Dashboard not found');
  return row;
}

/** `GET /api/dashboard/:id/`: the caller's dashboard and its widgets. */
export async function getDashboard(db: Db, actor: UserActor, dashboardId: string) {
  const dashboard = await ownDashboard(db, actor.userId, dashboardId);
  return { dashboard: presentDashboard(dashboard), widgets: await listDashboardWidgets(db, dashboard.id) };
}

/**
 * `PATCH /api/dashboard/:id/widgets/:widgetId/`: shows or hides a widget, moves it, or saves its
 * filters (merged into the saved ones, so saving the tab keeps the duration).
 * @throws NotFoundError when the dashboard is not the caller's or the widget is not on it.
 */
export async function updateDashboardWidget(db: Db, actor: UserActor, dashboardId: string, widgetId: string, body: UpdateWidgetBody) {
  await ownDashboard(db, actor.userId, dashboardId);
  const [current] = await db
    .select()
    .from(dashboardWidgets)
    .where(and(eq(dashboardWidgets.dashboardId, dashboardId), eq(dashboardWidgets.widgetId, widgetId)))
    .limit(1);
  if (!current) throw new NotFoundError('Widget not found');
  await db
    .update(dashboardWidgets)
    .set({
      ...(body.is_visible !== undefined ? { isVisible: body.is_visible } : {}),
      ...(body.sort_order !== undefined ? { sortOrder: body.sort_order } : {}),
      ...(body.filters ? { filters: { ...(current.filters as Record<string, unknown>), ...body.filters } } : {}),
      updatedAt: new Date(),
      updatedBy: actor.userId,
    })
    .where(eq(dashboardWidgets.id, current.id));
  return { message: 'successfully updated' };
}

/** `i.target_date` within the `target_date` filter value; null when there is none. */
function targetDateCondition(value: string | undefined, timeZone: string): SQL | null {
  if (!value) return null;
  const conditions = parseDateFilter(value, new Date(), timeZone);
  if (conditions === null) throw ValidationError.field('target_date', 'Enter dates as YYYY-MM-DD;after,YYYY-MM-DD;before.');
  if (conditions.length === 0) return null;
  const parts = conditions.map(({ op, date }) => (op === 'gte' ? sql`i.target_date >= ${date}::date` : op === 'lte' ? sql`i.target_date <= ${date}::date` : sql`i.target_date = ${date}::date`));
  return sql.join(parts, sql` and `);
}

const assignedToCaller = (userId: string) => sql`i.id in (select a.issue_id from issue_assignees a where a.assignee_id = ${userId} and a.deleted_at is null)`;

interface StatsContext {
  ctx: ServerContext;
  actor: WorkspaceActor;
  query: WidgetStatsQuery;
  /** The caller's projects, resolved (dashboard-scope.ts). */
  scope: DashboardScope;
  /** The issues the caller may see (workspace list scope), over issue alias `i`. */
  visible: SQL;
  today: string;
}

/**
 * The caller's issues (alias `i`, states `s`) as FROM … WHERE: assigned ones start from the caller's
 * live issue_assignees rows (one per issue), created ones from issues by creator — never a pass
 * over every issue of the caller's projects testing each for "assigned to me or created by me".
 */
function callerIssues(whose: 'assigned' | 'created', userId: string, visible: SQL): SQL {
  return whose === 'assigned'
    ? sql`issue_assignees a join issues i on i.id = a.issue_id left join states s on s.id = i.state_id
      where a.assignee_id = ${userId} and a.deleted_at is null and ${visible}`
    : sql`issues i left join states s on s.id = i.state_id where i.created_by = ${userId} and ${visible}`;
}

/** Assigned counts and the created count: two statements, sent at once on two connections. */
async function overviewStats({ ctx, actor, visible, today }: StatsContext) {
  const [[assigned], [created]] = await Promise.all([
    ctx.database.query<Record<string, number>>(sql`
      select count(*)::int as assigned_issues_count,
        count(*) filter (where i.target_date < ${today}::date and ${openGroup})::int as pending_issues_count,
        count(*) filter (where s.group = 'completed')::int as completed_issues_count
      from ${callerIssues('assigned', actor.userId, visible)}`),
    ctx.database.query<Record<string, number>>(sql`select count(*)::int as created_issues_count from ${callerIssues('created', actor.userId, visible)}`),
  ]);
  return {
    assigned_issues_count: Number(assigned.assigned_issues_count),
    pending_issues_count: Number(assigned.pending_issues_count),
    completed_issues_count: Number(assigned.completed_issues_count),
    created_issues_count: Number(created.created_issues_count),
  };
}

/**
 * The assigned or created widget: up to 5 issues of the tab (`issue_type`) and how many there are.
 * The matching issues are gathered once (id and order keys only); the count reads them, and only the
 * first five are joined to their project, state and assignees.
 */
async function widgetIssues({ ctx, actor, query, visible, today }: StatsContext, whose: 'assigned' | 'created') {
  const tab = {
    pending: openGroup,
    completed: sql`s.group = 'completed'`,
    overdue: sql`${openGroup} and i.target_date < ${today}::date`,
    upcoming: sql`${openGroup} and (i.target_date is null or i.target_date >= ${today}::date)`,
  }[query.issue_type ?? 'pending'];
  const dates = targetDateCondition(query.target_date, actor.timeZone);
  const order = (alias: string) =>
    sql.raw(query.issue_type === 'completed' ? `${alias}.completed_at desc nulls last, ${alias}.created_at desc` : `${alias}.target_date asc nulls last, ${alias}.created_at desc`);
  const rows = await ctx.database.query<Record<string, unknown> & { total: number }>(sql`
    with matched as materialized (
      select i.id, i.target_date, i.created_at, i.completed_at
      from ${callerIssues(whose, actor.userId, visible)} and ${tab}${dates ? sql` and ${dates}` : sql``}
    ), shown as (
      select m.id from matched m order by ${order('m')} limit ${WIDGET_ISSUE_LIMIT}
    )
    select i.id, i.name, i.sequence_id, i.project_id, p.identifier as project__identifier, i.state_id,
      s.name as state__name, s.color as state__color, s.group as state__group, i.priority,
      i.target_date::text as target_date, i.completed_at, i.created_by,
      coalesce((select array_agg(a.assignee_id::text order by a.created_at) from issue_assignees a where a.issue_id = i.id and a.deleted_at is null), '{}') as assignee_ids,
      (select count(*) from matched)::int as total
    from shown
    join issues i on i.id = shown.id
    join projects p on p.id = i.project_id
    left join states s on s.id = i.state_id
    order by ${order('i')}`);
  const count = rows.length ? Number(rows[0].total) : 0;
  return {
    issues: rows.map(({ total: _total, completed_at: completedAt, ...row }) => ({
      ...row,
      completed_at: completedAt ? new Date(completedAt as string).toISOString() : null,
    })) as never[],
    count,
  };
}

async function issuesByStateGroups({ ctx, actor, query, visible }: StatsContext) {
  const dates = targetDateCondition(query.target_date, actor.timeZone);
  const rows = await ctx.database.query<{ state: string; count: number }>(sql`
    select s.group as state, count(*)::int as count
    from issues i join states s on s.id = i.state_id
    where ${visible} and ${assignedToCaller(actor.userId)}${dates ? sql` and ${dates}` : sql``}
    group by s.group`);
  const counts = new Map(rows.map((row) => [row.state, Number(row.count)]));
  return STATE_GROUPS.map((state) => ({ state, count: counts.get(state) ?? 0 }));
}

async function issuesByPriority({ ctx, actor, query, visible }: StatsContext) {
  const dates = targetDateCondition(query.target_date, actor.timeZone);
  const rows = await ctx.database.query<{ priority: string; count: number }>(sql`
    select i.priority, count(*)::int as count
    from issues i
    where ${visible} and ${assignedToCaller(actor.userId)}${dates ? sql` and ${dates}` : sql``}
    group by i.priority`);
  const counts = new Map(rows.map((row) => [row.priority, Number(row.count)]));
  return PRIORITY_ORDER.map((priority) => ({ priority, count: counts.get(priority) ?? 0 }));
}

async function recentActivity({ ctx, actor }: StatsContext) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId));
  const where = and(
    eq(issueActivities.actorId, actor.userId),
    eq(issueActivities.workspaceId, actor.workspace.id),
    isNull(issueActivities.deletedAt),
    sql`${issueActivities.projectId} in (${memberProjectIds(actor.workspace.id, actor.userId)})`,
    sql`(${issueActivities.field} is null or ${issueActivities.field} not in (${sql.join(HIDDEN_ACTIVITY_FIELDS.map((field) => sql`${field}`), sql`, `)}))`,
  );
  const page = await pageActivities(ctx.db, user, where, { per_page: String(RECENT_ACTIVITY_LIMIT) });
  return page.results;
}

/** Up to 4 of the caller's project ids: where they were last active first, then their other projects by name. */
async function recentProjects({ ctx, actor }: StatsContext) {
  const rows = await ctx.database.query<{ id: string }>(sql`
    select p.id from projects p
    left join lateral (
      select max(ia.created_at) as at from issue_activities ia
      where ia.project_id = p.id and ia.actor_id = ${actor.userId} and ia.deleted_at is null
    ) recent on true
    where p.id in (${memberProjectIds(actor.workspace.id, actor.userId)})
    order by recent.at desc nulls last, p.name asc
    limit ${RECENT_PROJECT_LIMIT}`);
  return rows.map((row) => row.id);
}

/**
 * Members of the caller's projects (not the caller), each with how many open issues of those
 * projects the caller can see are assigned to them, busiest first; `search` matches their names.
 * The counts are one grouped pass over the people's live assignments (not one scan per person).
 */
async function recentCollaborators({ ctx, actor, query, scope, visible }: StatsContext) {
  const search = query.search?.trim();
  const projectIds = scopeProjectIds(scope);
  if (projectIds.length === 0) return [];
  const rows = await ctx.database.query<{ user_id: string; active_issue_count: number }>(sql`
    with people as materialized (
      select distinct pm.member_id from project_members pm
      join users u on u.id = pm.member_id
      where pm.is_active and pm.project_id = any(${`{${projectIds.join(',')}}`}::uuid[])
        and pm.member_id <> ${actor.userId} and not u.is_bot
        ${search ? sql`and (u.display_name ilike ${`%${search}%`} or u.first_name ilike ${`%${search}%`} or u.last_name ilike ${`%${search}%`})` : sql``}
    ), busy as (
      select a.assignee_id, count(*)::int as n
      from issue_assignees a join issues i on i.id = a.issue_id join states s on s.id = i.state_id
      where a.assignee_id in (select member_id from people) and a.deleted_at is null and ${openGroup} and ${visible}
      group by a.assignee_id
    )
    select people.member_id::text as user_id, coalesce(busy.n, 0)::int as active_issue_count
    from people left join busy on busy.assignee_id = people.member_id
    order by active_issue_count desc, user_id
    limit ${COLLABORATOR_LIMIT}`);
  return rows.map((row) => ({ user_id: row.user_id, active_issue_count: Number(row.active_issue_count) }));
}

/**
 * `GET /api/workspaces/:slug/dashboard/:id/?widget_key=…`: one widget's figures.
 * @throws NotFoundError when the dashboard is not the caller's in this workspace; BadRequestError
 * for a missing or unknown widget key; ValidationError for a malformed `target_date`.
 */
export async function getWidgetStats(ctx: ServerContext, actor: WorkspaceActor, dashboardId: string, query: WidgetStatsQuery) {
  await ownDashboard(ctx.db, actor.userId, dashboardId, actor.workspace.id);
  const key = query.widget_key;
  if (!isWidgetKey(key)) throw new BadRequestError('Please specify a valid widget key');
  const scope = await resolveDashboardScope(ctx.database, actor);
  const stats: StatsContext = { ctx, actor, query, scope, visible: dashboardIssueWhere(scope, actor.userId), today: todayIn(actor.timeZone) };
  switch (key) {
    case WidgetKey.OVERVIEW_STATS:
      return overviewStats(stats);
    case WidgetKey.ASSIGNED_ISSUES:
      return widgetIssues(stats, 'assigned');
    case WidgetKey.CREATED_ISSUES:
      return widgetIssues(stats, 'created');
    case WidgetKey.ISSUES_BY_STATE_GROUPS:
      return issuesByStateGroups(stats);
    case WidgetKey.ISSUES_BY_PRIORITY:
      return issuesByPriority(stats);
    case WidgetKey.RECENT_ACTIVITY:
      return recentActivity(stats);
    case WidgetKey.RECENT_PROJECTS:
      return recentProjects(stats);
    case WidgetKey.RECENT_COLLABORATORS:
      return recentCollaborators(stats);
  }
}
