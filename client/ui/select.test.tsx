// @vitest-environment happy-dom
// The form Select that replaced the native <select> (issue #12), as a keyboard user meets it:
// ArrowDown on the button opens the list with focus in its search, typing narrows it, Enter picks
// and the list closes with focus back on the button; an option whose value is '' ("No parent") is
// chosen like any other; the button's name says the field and its value, in the active language.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, useState } from 'react';
import { Locale, setLocale } from '../i18n';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import { Select, type SelectOption } from './select';

let view: TestRoot;
beforeEach(async () => {
  await setLocale(Locale.EN);
  view = mountTestRoot();
});
afterEach(async () => {
  await view.unmount();
  await setLocale(Locale.EN);
});

const OPTIONS: SelectOption[] = [
  { value: '', label: 'No parent' },
  { value: 'frontend', label: 'Frontend' },
  { value: 'backend', label: 'Backend' },
];

function Harness({ initial, onChange }: { initial: string; onChange: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return <Select label="Parent" value={value} options={OPTIONS} testId="parent" onChange={(next) => { setValue(next); onChange(next); }} />;
}

const button = () => document.querySelector<HTMLButtonElement>('[data-testid="parent"]')!;
const input = () => document.querySelector<HTMLInputElement>('[data-testid="parent-picker"] .picker-input');
const labels = () => [...document.querySelectorAll('[data-testid="parent-picker"] .picker-item-label')].map((node) => node.textContent);

async function press(key: string) {
  await act(async () => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

async function type(text: string) {
  const field = input()!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  await act(async () => {
    setter.call(field, text);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function openWithArrowDown() {
  button().focus();
  await press('ArrowDown');
  await vi.waitFor(() => expect(document.activeElement).toBe(input()), { timeout: 5_000 });
}

describe('Select', () => {
  test('ArrowDown opens it, typing filters, Enter picks, and focus returns to the button', async () => {
    const onChange = vi.fn();
    await view.render(<Harness initial="" onChange={onChange} />);
    expect(button().textContent).toBe('No parent');
    expect(button().getAttribute('aria-label')).toBe('Parent: No parent');
    expect(button().tagName).toBe('BUTTON');
    await openWithArrowDown();
    expect(labels()).toEqual(['No parent', 'Frontend', 'Backend']);
    await type('back');
    expect(labels()).toEqual(['Backend']);
    await press('Enter');
    expect(onChange).toHaveBeenCalledWith('backend');
    await vi.waitFor(() => expect(input()).toBeNull());
    expect(button().textContent).toBe('Backend');
    await vi.waitFor(() => expect(document.activeElement).toBe(button()));
  });

  test('the option whose value is empty is picked as "" and the current one is not reported again', async () => {
    const onChange = vi.fn();
    await view.render(<Harness initial="frontend" onChange={onChange} />);
    await openWithArrowDown();
    await type('no par');
    await press('Enter');
    expect(onChange).toHaveBeenCalledWith('');
    expect(button().textContent).toBe('No parent');
    // Radix hands focus back to the button on a timer after the list closes; a person reopens after that.
    await vi.waitFor(() => expect(document.activeElement).toBe(button()), { timeout: 5_000 });
    await openWithArrowDown();
    await type('no par');
    await press('Enter');
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  test('its name follows the interface language', async () => {
    await view.render(<Harness initial="backend" onChange={() => undefined} />);
    expect(button().getAttribute('aria-label')).toBe('Parent: Backend');
    await act(async () => setLocale(Locale.ZH_CN));
    expect(button().getAttribute('aria-label')).toBe('Parent：Backend');
  });
});
