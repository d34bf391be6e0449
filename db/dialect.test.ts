// renderedOnce: a fragment without values is rendered to the text drizzle renders, once; a fragment
// with a value refuses (the value would be frozen into the text). The list item's JSON expression,
// the fragment it was made for, renders to the same text and no values.
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { dialect, renderedOnce } from './dialect';
import { issueItemJson } from '../server/list-engine/item';

describe('renderedOnce', () => {
  it('renders the fragment once, to the text drizzle renders, and splices it without values', () => {
    let builds = 0;
    const fragment = renderedOnce(() => {
      builds += 1;
      return sql`(select count(*) from ${sql.raw('issues')} i where i.deleted_at is null)`;
    });
    const first = dialect.sqlToQuery(sql`select ${fragment()} as n where ${'x'} = ${'x'}`);
    const second = dialect.sqlToQuery(sql`select ${fragment()} as n where ${'y'} = ${'y'}`);
    expect(builds).toBe(1);
    expect(first.sql).toBe('select (select count(*) from issues i where i.deleted_at is null) as n where $1 = $2');
    expect(second.params).toEqual(['y', 'y']);
  });

  it('refuses a fragment that holds a value', () => {
    const fragment = renderedOnce(() => sql`i.project_id = ${'a-project'}`);
    expect(() => fragment()).toThrow(/holds 1 value/);
  });

  it('the list item JSON is rendered once and holds no value', () => {
    expect(issueItemJson()).toBe(issueItemJson());
    const query = dialect.sqlToQuery(issueItemJson());
    expect(query.params).toEqual([]);
    expect(query.sql).toContain('row_to_json(item)');
  });
});
