// @vitest-environment happy-dom
// The top-bar notifications bell: a focusable, labelled button whose popover only says "not yet".
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { Locale, setLocale } from '../../i18n';
import { NotificationsBell } from './notifications-bell';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  setLocale(Locale.EN);
});

describe('notifications bell', () => {
  test('is a labelled, focusable button that opens a "not available yet" note and closes on Escape', async () => {
    setLocale(Locale.EN);
    await act(async () => root.render(<NotificationsBell />));
    const bell = container.querySelector<HTMLButtonElement>('[data-testid="notifications-bell"]')!;
    expect(bell.tagName).toBe('BUTTON');
    expect(bell.getAttribute('aria-label')).toBe('Notifications — coming soon');
    expect(bell.title).toBe('Notifications — coming soon');
    bell.focus();
    expect(document.activeElement).toBe(bell);
    expect(container.querySelector('[data-testid="notifications-popover"]')).toBeNull();
    await act(async () => bell.click());
    expect(container.querySelector('[data-testid="notifications-popover"]')?.textContent).toBe('Notifications are not available yet.');
    await act(async () => bell.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })));
    expect(container.querySelector('[data-testid="notifications-popover"]')).toBeNull();
  });

  test('speaks Chinese in zh-CN', async () => {
    setLocale(Locale.ZH_CN);
    await act(async () => root.render(<NotificationsBell />));
    expect(container.querySelector('[data-testid="notifications-bell"]')?.getAttribute('aria-label')).toBe('通知 — 即将推出');
  });
});
