// The @mention node of the shared editor schema, through the conversions the server makes with it:
// a mention written in the editor survives Yjs → html (the form the server finds the people to notify in),
// and one written over REST (Tiptap's span or Plane's mention-component) survives html → document.
import { describe, expect, test } from 'vitest';
import * as Y from 'yjs';
import { deriveContent, htmlToJson, replaceBody } from './document-content';

const BOB = '0b0b0b0b-1111-4222-8333-444444444444';

describe('mention node', () => {
  test('a Tiptap mention span becomes a mention node and renders back with its id and label', async () => {
    const doc = new Y.Doc();
    replaceBody(doc, await htmlToJson(`<p>Ask <span data-type="mention" data-id="${BOB}" data-label="Bob">@Bob</span> to look</p>`));
    const { html, stripped, json } = await deriveContent(doc);
    expect(JSON.stringify(json)).toContain(`"type":"mention","attrs":{"id":"${BOB}","label":"Bob"}`);
    // The form server/services/mentions.ts reads the people to notify from.
    expect(html).toMatch(new RegExp(`<span[^>]*data-type="mention"[^>]*data-id="${BOB}"`));
    expect(stripped).toBe('Ask @Bob to look');
  });

  test("Plane's mention-component is read as the same node", async () => {
    const json = await htmlToJson(`<p><mention-component entity_name="user_mention" entity_identifier="${BOB}" label="Bob"></mention-component> hi</p>`);
    expect(json.content?.[0]?.content?.[0]).toEqual({ type: 'mention', attrs: { id: BOB, label: 'Bob' } });
  });
});
