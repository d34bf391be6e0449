// Test helpers for /collab: real Node providers (ws polyfill, toolchain P11) that can carry a
// session cookie, with promises for sync, authentication and close events.
import WebSocket from 'ws';
import * as Y from 'yjs';
import { HocuspocusProvider, HocuspocusProviderWebsocket } from '@hocuspocus/provider';

export interface TestEditor {
  doc: Y.Doc;
  provider: HocuspocusProvider;
  socket: HocuspocusProviderWebsocket;
  /** Every scope ('read-write' | 'readonly') the provider was granted, in order. */
  scopes: string[];
  /** Resolves with the reason when authentication is refused. */
  refused: Promise<string>;
  synced: Promise<void>;
  closeCodes: number[];
  destroy(): void;
}

/** Opens a provider on `ws://…/collab` for page `pageId`, authenticated by cookie or token, optionally from a page at `origin`. */
export function openEditor(baseUrl: string, pageId: string, auth: { cookie?: string; token?: string; origin?: string }): TestEditor {
  const upgradeHeaders: Record<string, string> = {};
  if (auth.cookie) upgradeHeaders.cookie = auth.cookie;
  // A browser names the page that opened the socket; Node's ws sends no Origin unless told.
  if (auth.origin) upgradeHeaders.origin = auth.origin;
  class CookieWebSocket extends WebSocket {
    constructor(address: string, protocols?: string | string[]) {
      super(address, protocols, { headers: upgradeHeaders });
    }
  }
  const closeCodes: number[] = [];
  const socket = new HocuspocusProviderWebsocket({
    url: `${baseUrl.replace(/^http/, 'ws')}/collab`,
    WebSocketPolyfill: CookieWebSocket as unknown as typeof globalThis.WebSocket,
    delay: 100,
    minDelay: 100,
    maxDelay: 500,
    onClose: ({ event }) => void closeCodes.push(event.code),
  });
  const doc = new Y.Doc();
  const provider = new HocuspocusProvider({ websocketProvider: socket, name: pageId, document: doc, token: auth.token ?? 'session' });
  const refused = new Promise<string>((resolve) => provider.on('authenticationFailed', ({ reason }: { reason: string }) => resolve(reason)));
  const synced = new Promise<void>((resolve) => provider.on('synced', () => resolve()));
  const scopes: string[] = [];
  provider.on('authenticated', ({ scope }: { scope: string }) => scopes.push(scope));
  provider.attach();
  return {
    doc,
    provider,
    socket,
    refused,
    synced,
    closeCodes,
    scopes,
    destroy() {
      provider.destroy();
      socket.destroy();
    },
  };
}

/** Waits until `check` passes (polling), or fails with `message` after `timeoutMs`. */
export async function waitFor(check: () => boolean | Promise<boolean>, message: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`Timed out: ${message}`);
}

/** The body text of a page document (all text in the `default` fragment). */
export function bodyText(doc: Y.Doc): string {
  return doc.getXmlFragment('default').toString().replace(/<[^>]*>/g, '');
}

/** Appends a paragraph with `text` to the body. */
export function typeParagraph(doc: Y.Doc, text: string): void {
  const paragraph = new Y.XmlElement('paragraph');
  paragraph.insert(0, [new Y.XmlText(text)]);
  const fragment = doc.getXmlFragment('default');
  fragment.insert(fragment.length, [paragraph]);
}
