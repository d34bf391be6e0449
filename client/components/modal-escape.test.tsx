// @vitest-environment happy-dom
// Escape closes one layer at a time: an open picker inside a dialog closes alone, and of nested
// dialogs only the topmost one closes. (Dialogs portal to <body>, so queries look at the document.)
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { Locale, setLocale } from '../i18n';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import { Dialog, PropertyChip } from '../ui';

let view: TestRoot;

beforeEach(() => {
  setLocale(Locale.EN);
  view = mountTestRoot();
});

afterEach(() => view.unmount());

const pressEscape = (target: EventTarget = document.activeElement ?? document.body) =>
  act(async () => {
    target.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true }));
  });

describe('Escape', () => {
  test('in a picker inside a dialog it closes the picker only; the next one closes the dialog', async () => {
    const onClose = vi.fn();
    await view.render(
      <Dialog title="New issue" onClose={onClose}>
        <PropertyChip multiple label="Assignees" valueText="None" options={[{ value: 'u1', label: 'Ada' }]} selected={[]} onSelect={() => undefined} testId="picker" />
      </Dialog>,
    );
    await act(async () => document.querySelector<HTMLButtonElement>('[data-testid="picker"]')!.click());
    await vi.waitFor(() => expect(document.activeElement).toBe(document.querySelector('.picker-input')));
    await pressEscape();
    await vi.waitFor(() => expect(document.querySelector('.picker-content')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    await pressEscape();
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  test('with a dialog on top of another only the top one closes', async () => {
    const outer = vi.fn();
    const inner = vi.fn();
    await view.render(
      <Dialog title="Outer" onClose={outer}>
        <Dialog title="Inner" onClose={inner}>
          <p>Sure?</p>
        </Dialog>
      </Dialog>,
    );
    await pressEscape();
    expect(inner).toHaveBeenCalledTimes(1);
    expect(outer).not.toHaveBeenCalled();
  });
});
