// Plain text in and out of stored HTML, with the browser's own HTML parser: it knows every named
// entity, so the client does not ship an entity table of its own (the `entities` package added
// ~25 kB gzip to the first screen).

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };

/** Escapes text for use inside HTML text or a double-quoted attribute. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char]);
}

let parser: DOMParser | null = null;

/** Decodes character references (`&amp;`, `&nbsp;`, `&#x1F600;`) in text that holds no tags. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  // A parsed document never runs scripts or loads resources, so this is safe for stored text.
  parser ??= new DOMParser();
  return parser.parseFromString(`<!doctype html><body>${text.replace(/</g, '&lt;')}`, 'text/html').body.textContent ?? '';
}
