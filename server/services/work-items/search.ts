// Search for pickers and the command palette: a project's `search-issues/` with its exclusion flags
// (reference §1.6.12) and the workspace `search/` over every entity the caller can see (§8.1).
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { Role } from '../../../shared/roles';
import { isUuid } from '../../../shared/schemas/common';
import type { ProjectActor, WorkspaceActor } from '../../actor';
import { memberProjectIds, projectIssueScope, workspaceIssueScope } from '../../list-engine/scope';

/** Most rows a search returns per entity. */
const SEARCH_LIMIT = 100;

type SearchQuery = Record<string, string | undefined>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function likePattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** Whole numbers in the text (a `PROJ-12` or `12` matches sequence 12). */
function sequenceNumbers(text: string): number[] {
  return (text.match(/\d{1,9}/g) ?? []).map(Number);
}

/** `i.sequence_id in (…)` for the numbers in the text, or null when it has none. */
function sequenceIn(text: string): SQL | null {
  const numbers = sequenceNumbers(text);
  return numbers.length ? sql`i.sequence_id in (${sql.join(numbers.map((n) => sql`${n}`), sql`, `)})` : null;
}

function anyOf(parts: Array<SQL | null>): SQL {
  return sql`(${sql.join(parts.filter((part): part is SQL => part !== null), sql` or `)})`;
}

/** Exclusions of `search-issues/` that need the picking issue (`issue_id`). */
function pickerExclusions(query: SearchQuery): SQL[] {
  const parts: SQL[] = [];
  const issueId = isUuid(query.issue_id) ? query.issue_id : null;
  if (issueId && query.parent === 'true') {
    // A parent may be neither the issue, its current parent, nor anything below it (no cycles).
    parts.push(sql`i.id <> ${issueId} and i.id is distinct from (select p.parent_id from issues p where p.id = ${issueId})
      and i.id not in (with recursive d(id) as (select c.id from issues c where c.parent_id = ${issueId}
        union select c.id from issues c join d on c.parent_id = d.id) select id from d)`);
  }
  if (issueId && query.sub_issue === 'true') {
    // A new sub-issue is a root issue that is neither the issue nor one of its ancestors.
    parts.push(sql`i.parent_id is null and i.id <> ${issueId}
      and i.id not in (with recursive a(id) as (select p.parent_id from issues p where p.id = ${issueId} and p.parent_id is not null
        union select p.parent_id from issues p join a on p.id = a.id where p.parent_id is not null) select id from a)`);
  }
  if (issueId && query.issue_relation === 'true') {
    parts.push(sql`i.id <> ${issueId} and not exists (select 1 from issue_relations r where r.deleted_at is null
      and ((r.issue_id = ${issueId} and r.related_issue_id = i.id) or (r.related_issue_id = ${issueId} and r.issue_id = i.id)))`);
  }
  if (query.cycle === 'true') {
    parts.push(sql`not exists (select 1 from cycle_issues x join cycles cy on cy.id = x.cycle_id and cy.deleted_at is null
      where x.issue_id = i.id and x.deleted_at is null)`);
  }
  if (isUuid(query.module)) {
    parts.push(sql`not exists (select 1 from module_issues x where x.issue_id = i.id and x.deleted_at is null and x.module_id = ${query.module})`);
  }
  if (query.target_date === 'none') parts.push(sql`i.target_date is null`);
  return parts;
}

/** `GET …/projects/:projectId/search-issues/`: at most 100 issues for a picker. */
export async function searchProjectIssues(database: Database, actor: ProjectActor, query: SearchQuery) {
  const scope = query.workspace_search === 'true' ? workspaceIssueScope(actor) : projectIssueScope(actor);
  const text = (query.search ?? '').trim();
  // An archived project's issues are not offered for linking, parenting or relating.
  const conditions = [scope.where, sql`p.archived_at is null`, ...pickerExclusions(query)];
  if (text) conditions.push(anyOf([sql`i.name ilike ${likePattern(text)}`, sql`p.identifier ilike ${likePattern(text)}`, sequenceIn(text)]));
  return database.query(sql`select i.name, i.id::text as id, i.start_date::text as start_date, i.sequence_id,
      p.name as project__name, p.identifier as project__identifier, i.project_id::text as project_id, w.slug as workspace__slug,
      s.name as state__name, s."group" as state__group, s.color as state__color
    from issues i join projects p on p.id = i.project_id join workspaces w on w.id = i.workspace_id
    left join states s on s.id = i.state_id
    where ${sql.join(conditions, sql` and `)}
    order by i.created_at desc, i.id limit ${SEARCH_LIMIT}`);
}

/** A prefix full-text query (`fix log` → `fix:* & log:*`) of the words of the text, or null. */
function prefixTsQuery(text: string): string | null {
  const words = (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 10);
  return words.length ? words.map((word) => `${word}:*`).join(' & ') : null;
}

/**
 * Issue matches of the workspace search (reference §8.1): name contains the text (or a full-text
 * prefix of name and description matches), the project identifier contains it, a number in it is
 * the sequence id, or it is a whole key such as `WEB-12`.
 */
function issueMatch(text: string): SQL {
  const tsQuery = prefixTsQuery(text);
  const key = /^([A-Za-z0-9]{1,12})-(\d{1,9})$/.exec(text);
  return anyOf([
    sql`i.name ilike ${likePattern(text)}`,
    tsQuery ? sql`i.search_vector @@ to_tsquery('simple', ${tsQuery})` : null,
    sql`p.identifier ilike ${likePattern(text)}`,
    sequenceIn(text),
    key ? sql`(upper(p.identifier) = ${key[1].toUpperCase()} and i.sequence_id = ${Number(key[2])})` : null,
  ]);
}

/** The issue rows of the workspace search (issues and intake issues share the shape). */
function issueRows(where: SQL): SQL {
  return sql`select i.name, i.id::text as id, i.sequence_id, p.identifier as project__identifier,
      i.project_id::text as project_id, w.slug as workspace__slug
    from issues i join projects p on p.id = i.project_id join workspaces w on w.id = i.workspace_id
    where ${where}
    order by i.created_at desc, i.id limit ${SEARCH_LIMIT}`;
}

/** Issues the caller may see in lists (intake issues still waiting are not among them). */
function issueSearch(actor: WorkspaceActor, text: string, projectId: string | null): SQL {
  const scope = workspaceIssueScope(actor);
  return issueRows(sql`${scope.where}${projectId ? sql` and i.project_id = ${projectId}` : sql``} and ${issueMatch(text)}`);
}

/** Issues that came in through intake, in the caller's projects, with the guest rule of issue lists. */
function intakeSearch(actor: WorkspaceActor, text: string, projects: SQL): SQL {
  const workspaceId = actor.workspace.id;
  const fullyVisible = memberProjectIds(workspaceId, actor.userId, true, actor.workspaceRole === Role.ADMIN);
  return issueRows(sql`i.workspace_id = ${workspaceId} and i.deleted_at is null and i.project_id in (${projects})
    and exists (select 1 from intake_issues ii where ii.issue_id = i.id and ii.deleted_at is null)
    and (i.project_id in (${fullyVisible}) or i.created_by = ${actor.userId}) and ${issueMatch(text)}`);
}

/** Entities of the workspace search (reference §8.1). */
const SEARCH_ENTITIES = ['workspace', 'project', 'issue', 'cycle', 'module', 'issue_view', 'page', 'intake'] as const;
type SearchEntity = (typeof SEARCH_ENTITIES)[number];

function entityQuery(entity: SearchEntity, actor: WorkspaceActor, text: string, projectId: string | null): SQL | null {
  const workspaceId = actor.workspace.id;
  const like = likePattern(text);
  const projects = projectId ? sql`select ${projectId}::uuid where ${projectId}::uuid in (${memberProjectIds(workspaceId, actor.userId)})` : memberProjectIds(workspaceId, actor.userId);
  const slug = actor.workspace.slug;
  switch (entity) {
    case 'workspace':
      return sql`select w.name, w.id::text as id, w.slug from workspaces w join workspace_members m on m.workspace_id = w.id
        where m.member_id = ${actor.userId} and m.is_active and w.deleted_at is null and w.name ilike ${like} order by w.name limit ${SEARCH_LIMIT}`;
    case 'project':
      // Projects are searched across the workspace even when `project_id` narrows the other entities.
      return sql`select p.name, p.id::text as id, p.identifier, ${slug}::text as workspace__slug from projects p
        where p.id in (${memberProjectIds(workspaceId, actor.userId)}) and (p.name ilike ${like} or p.identifier ilike ${like}) order by p.name limit ${SEARCH_LIMIT}`;
    case 'issue':
      return issueSearch(actor, text, projectId);
    case 'cycle':
    case 'module': {
      const table = sql.raw(entity === 'cycle' ? 'cycles' : 'modules');
      return sql`select e.name, e.id::text as id, e.project_id::text as project_id, p.identifier as project__identifier, ${slug}::text as workspace__slug
        from ${table} e join projects p on p.id = e.project_id
        where e.project_id in (${projects}) and e.deleted_at is null and e.name ilike ${like} order by e.name limit ${SEARCH_LIMIT}`;
    }
    case 'issue_view':
      return sql`select v.name, v.id::text as id, v.project_id::text as project_id, p.identifier as project__identifier, ${slug}::text as workspace__slug
        from views v left join projects p on p.id = v.project_id
        where v.workspace_id = ${workspaceId} and v.deleted_at is null and (v.project_id in (${projects})${projectId ? sql`` : sql` or v.project_id is null`})
          and (v.access = 0 or v.owned_by_id = ${actor.userId}) and v.name ilike ${like} order by v.name limit ${SEARCH_LIMIT}`;
    case 'page':
      return sql`select g.name, g.id::text as id,
          coalesce((select json_agg(pp.project_id::text) from page_projects pp where pp.page_id = g.id and pp.deleted_at is null), '[]'::json) as project_ids,
          coalesce((select json_agg(p.identifier) from page_projects pp join projects p on p.id = pp.project_id where pp.page_id = g.id and pp.deleted_at is null), '[]'::json) as project_identifiers,
          ${slug}::text as workspace__slug
        from pages g
        where g.workspace_id = ${workspaceId} and g.deleted_at is null and (g.access = 0 or g.owned_by_id = ${actor.userId})
          and exists (select 1 from page_projects pp where pp.page_id = g.id and pp.deleted_at is null and pp.project_id in (${projects}))
          and g.name ilike ${like} order by g.name limit ${SEARCH_LIMIT}`;
    case 'intake':
      return intakeSearch(actor, text, projects);
    default:
      return null;
  }
}

/**
 * `GET /api/workspaces/:slug/search/`: per entity, at most 100 matches the caller can see; an
 * empty search matches nothing. `project_id` narrows to one project unless `workspace_search=true`.
 */
export async function searchWorkspace(database: Database, actor: WorkspaceActor, query: SearchQuery) {
  const text = (query.search ?? '').trim().slice(0, 500);
  const wanted = query.entities
    ? SEARCH_ENTITIES.filter((entity) => query.entities!.split(',').map((e) => e.trim()).includes(entity))
    : SEARCH_ENTITIES;
  const projectId = query.workspace_search !== 'true' && isUuid(query.project_id) ? query.project_id : null;
  const results: Record<string, unknown[]> = {};
  for (const entity of wanted) {
    const statement = text ? entityQuery(entity, actor, text, projectId) : null;
    results[entity] = statement ? await database.query(statement) : [];
  }
  return { results };
}
