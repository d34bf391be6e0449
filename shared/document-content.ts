// Converts a collaborative document (a page body or an issue description, Yjs) to and from what the
// REST API stores beside it (html, plain text, ProseMirror JSON), always with the editor's own schema
// (shared/editor-schema.ts), so nothing the editor can write is dropped on the server. Pure: no
// database, no server — db/ (storage), server/ (REST writes) and collab/ all convert through here.
import * as Y from 'yjs';
import type { JSONContent } from '@tiptap/core';
import type { Node as PmNode } from '@tiptap/pm/model';
import { TITLE_FIELD } from './document-fields';
import { onFirstUse } from './on-first-use';

// The editor's schema and the Yjs ↔ ProseMirror bridge (./document-editor.ts, ~500 kB of packages)
// and @tiptap/html, which renders and parses html in happy-dom (1.3 MB of code): imported on the
// first conversion of a process, not by every start (in the server bundle, chunks of their own).
// What only reads or writes Yjs (titles, stored updates) needs neither.
const loadEditor = onFirstUse(() => import('./document-editor'));
const loadTiptapHtml = onFirstUse(() => import('@tiptap/html'));
/** Set once ./document-editor.ts is loaded; a ParsedBody exists only after that (see replaceBody). */
let loadedEditor: Awaited<ReturnType<typeof loadEditor>> | undefined;
const editor = async () => (loadedEditor ??= await loadEditor());

declare const parsed: unique symbol;
/** ProseMirror JSON made by htmlToJson: proof that the editor is loaded, so replaceBody can stay synchronous. */
export type ParsedBody = JSONContent & { readonly [parsed]: true };

interface DerivedContent {
  html: string;
  stripped: string;
  json: JSONContent;
}

/** Renders the body fragment of a document as html, plain text and ProseMirror JSON. */
export async function deriveContent(doc: Y.Doc): Promise<DerivedContent> {
  const { bodyNode, extensions } = await editor();
  const root = bodyNode(doc);
  const json = root.toJSON() as JSONContent;
  const html = root.childCount === 0 ? '<p></p>' : (await loadTiptapHtml()).generateHTML(json, extensions);
  // A leaf with text of its own (a mention: "@Bob") keeps it; others (a hard break) are a space.
  const leafText = (node: PmNode) => node.type.spec.leafText?.(node) ?? ' ';
  return { html, stripped: root.textBetween(0, root.content.size, '\n', leafText).trim(), json };
}

/** Parses html into ProseMirror JSON with the page schema (unknown tags are dropped). */
export async function htmlToJson(html: string): Promise<ParsedBody> {
  const [{ extensions }, tiptapHtml] = await Promise.all([editor(), loadTiptapHtml()]);
  return tiptapHtml.generateJSON(html || '<p></p>', extensions) as ParsedBody;
}

/**
 * Replaces the body of `doc` with `body` (htmlToJson of the new html), as a minimal diff so
 * concurrent editors keep their carets. Synchronous (it runs inside a document change): `body` came
 * from htmlToJson, which loaded the editor.
 */
export function replaceBody(doc: Y.Doc, body: ParsedBody): void {
  loadedEditor!.replaceBodyWith(doc, body);
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
  (await editor()).writeBody(doc, json);
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
