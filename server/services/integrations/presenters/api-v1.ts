// The public API's (/api/v1) view of what the app presenters produce: Plane's public field names
// (`state`, `labels`, `assignees`, `project` … instead of the app API's `state_id`, `label_ids`, …),
// so both APIs show one presentation of every row and differ only in these names.
import { V1_FIELD_NAMES } from '../../../../shared/schemas/api-v1/common';

type Wire = Record<string, unknown>;

const TO_APP: Record<string, string> = Object.fromEntries(Object.entries(V1_FIELD_NAMES).map(([app, v1]) => [v1, app]));

/** An app wire object with Plane's public field names; `extra` adds fields the app object lacks. */
export function presentV1<T extends object>(item: T, extra: Wire = {}): Wire {
  const out: Wire = {};
  for (const [key, value] of Object.entries(item)) {
    out[(V1_FIELD_NAMES as Record<string, string>)[key] ?? key] = value;
  }
  return { ...extra, ...out };
}

/**
 * A public request body in the app API's field names (`state` → `state_id`), for the app's own body
 * schema and service. An app name sent as such is kept (Plane's MCP server sends some of both).
 */
export function appBodyFromV1(body: unknown, appKeys?: ReadonlySet<string>): Wire {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return {};
  const out: Wire = {};
  for (const [key, value] of Object.entries(body as Wire)) {
    // A key the app's own body already uses under that name (a label's `parent`) is not renamed.
    const appKey = appKeys?.has(key) ? undefined : TO_APP[key];
    if (appKey && !(appKey in (body as Wire))) out[appKey] = value;
    else if (!appKey) out[key] = value;
  }
  return out;
}

/** `fields=a,b`: only those fields (and always `id`) of each item, as Plane's `fields` parameter. */
export function pickV1Fields(item: Wire, fields: string | undefined): Wire {
  if (!fields) return item;
  const keep = new Set(['id', ...fields.split(',').map((field) => field.trim()).filter(Boolean)]);
  return Object.fromEntries(Object.entries(item).filter(([key]) => keep.has(key)));
}

const APP_KEY_IN_JSON = new RegExp(`([{,])"(${Object.keys(V1_FIELD_NAMES).join('|')})":`, 'g');

/**
 * A list engine page (JSON text of flat issue items) with Plane's field names and each item's
 * `workspace`, rewritten as text: the hot list skips a parse and a stringify of every item.
 * Safe on JSON text: inside a string value a quote is escaped, so `,"state_id":` and `{"id":` can
 * only be keys, and only items (never the envelope) start with `{"id":`.
 */
export function presentV1IssuePageJson(json: string, workspaceId: string): string {
  return json
    .replace(APP_KEY_IN_JSON, (_match, lead: string, key: string) => `${lead}"${(V1_FIELD_NAMES as Record<string, string>)[key]}":`)
    .replaceAll('{"id":', `{"workspace":${JSON.stringify(workspaceId)},"id":`);
}
