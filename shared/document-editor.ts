// The half of ./document-content.ts that needs the editor: the page schema built from the editor's
// extensions (Tiptap, ProseMirror) and the Yjs ↔ ProseMirror bridge (y-prosemirror). About 500 kB
// of packages that a server start used to parse and evaluate before its first request; now
// document-content.ts imports this module on the first conversion (in the server bundle it is a
// chunk of its own), like @tiptap/html behind it.
import type * as Y from 'yjs';
import { getSchema, type JSONContent } from '@tiptap/core';
import type { Node as PmNode, Schema } from '@tiptap/pm/model';
import { prosemirrorJSONToYXmlFragment, updateYFragment, yXmlFragmentToProseMirrorRootNode } from 'y-prosemirror';
import { BODY_FIELD } from './document-fields';
import { pageSchemaExtensions } from './editor-schema';

export const extensions = pageSchemaExtensions();
const schema: Schema = getSchema(extensions);

/** The body fragment of `doc` as a ProseMirror node (empty when it does not fit the schema). */
export function bodyNode(doc: Y.Doc): PmNode {
  try {
    return yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(BODY_FIELD), schema as never) as unknown as PmNode;
  } catch {
    // A fragment that does not fit the schema (written by a foreign client) renders as empty.
    return schema.topNodeType.createAndFill()!;
  }
}

/** Replaces the body fragment with `body` as a minimal diff, so concurrent editors keep their carets. */
export function replaceBodyWith(doc: Y.Doc, body: JSONContent): void {
  const node = schema.nodeFromJSON(body);
  const fragment = doc.getXmlFragment(BODY_FIELD);
  doc.transact(() => updateYFragment(doc, fragment, node as never, { mapping: new Map(), isOMark: new Map() } as never));
}

/** Writes `body` into the (empty) body fragment of `doc`. */
export function writeBody(doc: Y.Doc, body: JSONContent): void {
  prosemirrorJSONToYXmlFragment(schema as never, body, doc.getXmlFragment(BODY_FIELD));
}
