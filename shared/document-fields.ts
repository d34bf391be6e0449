// The two fragments of a collaborative document's Y.Doc, named apart from the editor schema
// (./editor-schema.ts) so code that only reads or writes Yjs does not load the editor to name them.

/** Y.Doc XmlFragment holding the page body (API.md "Pages and collaboration"). */
export const BODY_FIELD = 'default';
/** Y.Doc XmlFragment holding the page title. */
export const TITLE_FIELD = 'title';
