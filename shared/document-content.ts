// Converts a collaborative document (a page body or an issue description, Yjs) to and from what the
// REST API stores beside it (html, plain text, ProseMirror JSON), always with the editor's own schema
// (shared/editor-schema.ts), so nothing the editor can write is dropped on the server. Pure: no
// database, no server — db/ (storage), server/ (REST writes) and collab/ all convert through here.
import * as Y from 'yjs';
import { getSchema, type JSONContent } from '@tiptap/core';
import type { Node as PmNode, Schema } from '@tiptap/pm/model';
import { prosemirrorJSONToYXmlFragment, updateYFragment, yXmlFragmentToProseMirrorRootNode } from 'y-prosemirror';
import { BODY_FIELD, TITLE_FIELD, pageSchemaExtensions } from './editor-schema';
import { onFirstUse } from './on-first-use';

const extensions = pageSchemaExtensions();
let schema: Schema | null = null;

// @tiptap/html renders and parses html in happy-dom, 1.3 MB of code: imported on the first
// conversion of a process, not by every start (in the server bundle it is a chunk of its own).
const loadTiptapHtml = onFirstUse(() => import('@tiptap/html'));

function pageSchema(): Schema {
  schema ??= getSchema(extensions);
  return schema;
}

interface DerivedContent {
  html: string;
  stripped: string;
  json: JSONContent;
}

/** Renders the body fragment of a document as html, plain text and ProseMirror JSON. */
export async function deriveContent(doc: Y.Doc): Promise<DerivedContent> {
  const root = bodyNode(doc);
  const json = root.toJSON() as JSONContent;
  const html = root.childCount === 0 ? '<p></p>' : (await loadTiptapHtml()).generateHTML(json, extensions);
  // A leaf with text of its own (a mention: "@Bob") keeps it; others (a hard break) are a space.
  const leafText = (node: PmNode) => node.type.spec.leafText?.(node) ?? ' ';
  return { html, stripped: root.textBetween(0, root.content.size, '\n', leafText).trim(), json };
}

function bodyNode(doc: Y.Doc): PmNode {
  try {
    return yXmlFragmentToProseMirrorRootNode(doc.getXmlFragment(BODY_FIELD), pageSchema() as never) as unknown as PmNode;
  } catch {
    // A fragment that does not fit the schema (written by a foreign client) renders as empty.
    return pageSchema().topNodeType.createAndFill()!;
  }
}

/** Parses html into ProseMirror JSON with the page schema (unknown tags are dropped). */
export async function htmlToJson(html: string): Promise<JSONContent> {
  return (await loadTiptapHtml()).generateJSON(html || '<p></p>', extensions);
}

/**
 * Replaces the body of `doc` with `body` (htmlToJson of the new html), as a minimal diff so
 * concurrent editors keep their carets.
 */
export function replaceBody(doc: Y.Doc, body: JSONContent): void {
  const node = pageSchema().nodeFromJSON(body);
  const fragment = doc.getXmlFragment(BODY_FIELD);
  doc.transact(() => updateYFragment(doc, fragment, node as never, { mapping: new Map(), isOMark: new Map() } as never));
}

/** The title as plain text (the title fragment holds one paragraph). */
export function readTitle(doc: Y.Doc): string {
  const fragment = doc.getXmlFragment(TITLE_FIELD);
  const parts: string[] = [];
  const walk = (node: Y.XmlElement | Y.XmlText | Y.XmlFragment) => {
    if (node instanceof Y.XmlText) parts.push(node.toString().replace(/<[^>]*>/g, ''));
    else node.toArray().forEach((child) => walk(child as Y.XmlElement | Y.XmlText));
  };
  walk(fragment);
  return parts.join('').replace(/\s+/g, ' ').trim();
}

/** Writes `name` into the title fragment unless it already says exactly that. */
export function writeTitle(doc: Y.Doc, name: string): void {
  if (readTitle(doc) === name.trim()) return;
  const fragment = doc.getXmlFragment(TITLE_FIELD);
  doc.transact(() => {
    fragment.delete(0, fragment.length);
    const paragraph = new Y.XmlElement('paragraph');
    if (name) paragraph.insert(0, [new Y.XmlText(name)]);
    fragment.insert(0, [paragraph]);
  });
}

/** A fresh document holding `html` as body and `name` as title, encoded as one Yjs update. */
export async function buildInitialState(html: string, name: string | null): Promise<Uint8Array> {
  const json = await htmlToJson(html);
  const doc = new Y.Doc();
  prosemirrorJSONToYXmlFragment(pageSchema() as never, json, doc.getXmlFragment(BODY_FIELD));
  // Issue descriptions (null) have a body only.
  if (name !== null) writeTitle(doc, name);
  const update = Y.encodeStateAsUpdate(doc);
  doc.destroy();
  return update;
}

/** Builds a Y.Doc from stored updates (snapshot first); malformed updates are skipped. */
export function docFromUpdates(updates: Uint8Array[]): Y.Doc {
  const doc = new Y.Doc();
  for (const update of updates) {
    try {
      Y.applyUpdate(doc, update);
    } catch {
      // A corrupt row must not make the whole page unreadable.
    }
  }
  return doc;
}

/**
 * True when `bytes` decode as a Yjs update. Yjs accepts some garbage silently, so the update is
 * decoded structurally and applied to a scratch document.
 */
export function isValidYjsUpdate(bytes: Uint8Array): boolean {
  if (bytes.length < 2) return false;
  try {
    Y.decodeUpdate(bytes);
    const scratch = new Y.Doc();
    Y.applyUpdate(scratch, bytes);
    scratch.destroy();
    return true;
  } catch {
    return false;
  }
}

/** True when a Yjs update carries anything (an empty diff encodes as a few bytes). */
export function hasContent(update: Uint8Array): boolean {
  const decoded = Y.decodeUpdate(update);
  return decoded.structs.length > 0 || decoded.ds.clients.size > 0;
}
