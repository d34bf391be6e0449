// @vitest-environment happy-dom
// The one shortcut guard: single keys are heard on the page, on a list row and in the (non-modal)
// peek, and never in a field, an editor, a popover, a menu, a listbox or a modal dialog.
import { afterEach, describe, expect, test } from 'vitest';
import { isShortcutBlocked } from './shortcut-guard';

const keyOn = (target: EventTarget, init: Partial<Pick<KeyboardEvent, 'metaKey' | 'ctrlKey' | 'altKey' | 'defaultPrevented'>> = {}) => ({ target, metaKey: false, ctrlKey: false, altKey: false, defaultPrevented: false, ...init });

function mount(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.querySelector<HTMLElement>('#target')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('isShortcutBlocked', () => {
  test('a key on the page, a list row or inside the non-modal peek is a shortcut', () => {
    expect(isShortcutBlocked(keyOn(document.body))).toBe(false);
    expect(isShortcutBlocked(keyOn(mount('<div class="issue-row" tabindex="0" id="target"></div>')))).toBe(false);
    expect(isShortcutBlocked(keyOn(mount('<div role="dialog" aria-modal="false"><button id="target">x</button></div>')))).toBe(false);
  });

  test('fields and editors never take shortcuts', () => {
    for (const html of ['<input id="target">', '<textarea id="target"></textarea>', '<select id="target"></select>', '<div contenteditable="true"><p><strong id="target">bold</strong></p></div>']) {
      expect(isShortcutBlocked(keyOn(mount(html))), html).toBe(true);
    }
  });

  test('popovers, menus, listboxes and modal dialogs never take shortcuts', () => {
    for (const html of ['<div data-radix-popper-content-wrapper><button id="target">x</button></div>', '<div role="menu"><div role="menuitem" id="target"></div></div>', '<ul role="listbox"><li role="option" id="target"></li></ul>', '<div role="dialog" aria-modal="true"><button id="target">x</button></div>']) {
      expect(isShortcutBlocked(keyOn(mount(html))), html).toBe(true);
    }
  });

  test('an open modal or picker holds the keyboard wherever focus is; modifiers and handled keys are never shortcuts', () => {
    const row = mount('<div class="issue-row" id="target"></div><div class="picker-content"></div>');
    expect(isShortcutBlocked(keyOn(row))).toBe(true);
    const free = mount('<div id="target"></div>');
    expect(isShortcutBlocked(keyOn(free, { ctrlKey: true }))).toBe(true);
    expect(isShortcutBlocked(keyOn(free, { altKey: true }))).toBe(true);
    expect(isShortcutBlocked(keyOn(free, { defaultPrevented: true }))).toBe(true);
  });
});
