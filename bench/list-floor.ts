// `DATABASE_URL=… npx tsx bench/list-floor.ts [--seconds N]`: how low the four list statements of
// bench/issues-list.ts could go if every per-item look-up (link id arrays, counts, cycle) were free —
// e.g. denormalised onto `issues`. For each list it runs the engine's statement and the same
// statement with those sub-selects replaced by constants: the median EXPLAIN ANALYZE time, and p50 /
// p99 / rate from 16 bare-driver clients. Prints markdown; BENCHMARKS.md quotes it by hand.
import postgres from 'postgres';
import { bareSqlLoad, scenarios, seeded, statementText } from './issues-list';
import { median, ms } from './harness';

type Statement = { sql: string; params: unknown[] };

const ITEM_START = '(select row_to_json(item)::text from (';
const ITEM_END = ') item)';
/** The item's own columns, with every per-item sub-select replaced by its empty value. */
const FREE_ITEM = `(select row_to_json(item)::text from (select i.id, i.name, i.state_id, i.sort_order, i.completed_at,
  i.estimate_point_id as estimate_point, i.priority, i.start_date, i.target_date, i.sequence_id, i.project_id, i.parent_id,
  null as cycle_id, 0 as sub_issues_count, i.created_at, i.updated_at, i.created_by, i.updated_by, 0 as attachment_count,
  0 as link_count, i.is_draft, i.archived_at, s."group" as "state__group", '[]'::json as assignee_ids, '[]'::json as label_ids,
  '[]'::json as module_ids, i.type_id, i.version) item)`;

function withFreeItems(statement: Statement): Statement {
  const start = statement.sql.indexOf(ITEM_START);
  const end = statement.sql.indexOf(ITEM_END, start);
  if (start < 0 || end < 0) throw new Error('the list item SQL changed: update bench/list-floor.ts');
  return { sql: statement.sql.slice(0, start) + FREE_ITEM + statement.sql.slice(end + ITEM_END.length), params: statement.params };
}

async function explainMs(client: postgres.Sql, statement: Statement): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < 9; run++) {
    const [row] = await client.unsafe(`explain (analyze, format json) ${statement.sql}`, statement.params as never[]);
    times.push(row['QUERY PLAN'][0]['Execution Time']);
  }
  return median(times);
}

const secondsArg = process.argv.indexOf('--seconds');
const seconds = secondsArg > 0 ? Number(process.argv[secondsArg + 1]) : 6;
const big = await seeded('trellis_bench_list_floor', 100_000);
const client = postgres(big.url, { max: 1, onnotice: () => {}, connection: { jit: 'off' } });
const rows: string[] = [];
for (const scenario of scenarios(big.seed)) {
  const engine = statementText(big.seed, scenario.query);
  const free = withFreeItems(engine);
  const [engineSql, freeSql] = [await explainMs(client, engine), await explainMs(client, free)];
  const engineLoad = await bareSqlLoad(big.url, engine, 16, seconds);
  const freeLoad = await bareSqlLoad(big.url, free, 16, seconds);
  const load = (r: { p50: number; p99: number; rps: number }) => `${ms(r.p50)} / ${ms(r.p99)} (${r.rps.toFixed(0)}/s)`;
  rows.push(`| ${scenario.label} | ${ms(engineSql)} | ${ms(freeSql)} | ${load(engineLoad)} | ${load(freeLoad)} |`);
}
await client.end();
await big.database.close();
console.log(['| list | SQL | SQL, free items | 16 bare clients p50 / p99 | same, free items |', '|---|---|---|---|---|', ...rows].join('\n'));
process.exit(0);
