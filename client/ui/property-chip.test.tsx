// @vitest-environment happy-dom
// The PropertyChip as a keyboard user meets it: the chip opens a popover with focus in the search,
// typing narrows the options, arrow keys move and Enter chooses; a multi-value picker toggles and
// stays open; a new name can be created; Escape closes the picker alone and focus returns to the chip.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, useState } from 'react';
import { Locale, setLocale } from '../i18n';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import type { ComboboxOption } from './combobox';
import { PropertyChip } from './property-chip';

let view: TestRoot;
beforeEach(() => {
  setLocale(Locale.EN);
  view = mountTestRoot();
});
afterEach(() => view.unmount());

const OPTIONS: ComboboxOption[] = [
  { value: 'backlog', label: 'Backlog' },
  { value: 'todo', label: 'Todo' },
  { value: 'progress', label: 'In Progress' },
  { value: 'done', label: 'Done' },
];

function Harness({ multiple, onPick, onCreate, onOuterEscape }: { multiple?: boolean; onPick: (value: string) => void; onCreate?: (name: string) => void; onOuterEscape?: () => void }) {
  const [open, setOpen] = useState(false);
  const [selected, setSelected] = useState<string[]>(['todo']);
  const pick = (value: string) => {
    onPick(value);
    if (multiple) setSelected((list) => (list.includes(value) ? list.filter((item) => item !== value) : [...list, value]));
    else setSelected([value]);
  };
  return (
    <div onKeyDown={(event) => event.key === 'Escape' && onOuterEscape?.()}>
      <PropertyChip label="State" valueText={selected.join(', ')} open={open} onOpenChange={setOpen} testId="chip" placeholder="Change state…" options={OPTIONS} selected={selected} multiple={multiple} onSelect={pick} onCreate={onCreate} createText={(name) => `Create "${name}"`} />
    </div>
  );
}

const chip = () => document.querySelector<HTMLButtonElement>('[data-testid="chip"]')!;
const input = () => document.querySelector<HTMLInputElement>('.picker-input');
const labelOf = (node: Element) => node.querySelector('.picker-item-label')?.textContent?.trim();
const visibleLabels = () => [...document.querySelectorAll('.picker-item')].map(labelOf);
const activeLabel = () => {
  const node = document.querySelector('.picker-item[data-selected="true"]');
  return node ? labelOf(node) : undefined;
};

async function press(key: string) {
  await act(async () => {
    (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

/** Replaces the search with `text`, one key at a time as a person types it. */
async function type(text: string) {
  const field = input()!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  for (let length = text ? 1 : 0; length <= text.length; length++) {
    await act(async () => {
      setter.call(field, text.slice(0, length));
      field.dispatchEvent(new Event('input', { bubbles: true }));
    });
  }
}

async function openByKeyboard() {
  chip().focus();
  await press('Enter');
  // Radix opens on click; a keyboard Enter on a <button> is a click.
  if (!input()) await act(async () => chip().click());
  await vi.waitFor(() => expect(document.activeElement).toBe(input()));
}

describe('property chip', () => {
  test('typing filters, arrows move, Enter chooses and the popover closes with focus back on the chip', async () => {
    const onPick = vi.fn();
    await view.render(<Harness onPick={onPick} />);
    await openByKeyboard();
    expect(visibleLabels()).toEqual(['Backlog', 'Todo', 'In Progress', 'Done']);
    await type('o');
    // Every option holding an "o", those starting with it first.
    expect(visibleLabels()).toEqual(['Backlog', 'Todo', 'In Progress', 'Done']);
    await type('pro');
    expect(visibleLabels()).toEqual(['In Progress']);
    await type('');
    expect(activeLabel()).toBe('Backlog');
    await press('ArrowDown');
    await press('ArrowDown');
    expect(activeLabel()).toBe('In Progress');
    await press('Enter');
    expect(onPick).toHaveBeenCalledWith('progress');
    // Radix's focus scope hands focus back on a timer after the popover unmounts: wait for it.
    await vi.waitFor(() => {
      expect(input()).toBeNull();
      expect(document.activeElement).toBe(chip());
    });
    expect(chip().textContent).toBe('progress');
    expect(chip().getAttribute('aria-label')).toBe('State: progress');
  });

  test('a query nothing matches says so', async () => {
    await view.render(<Harness onPick={() => undefined} />);
    await openByKeyboard();
    await type('zzz');
    expect(visibleLabels()).toEqual([]);
    expect(document.querySelector('.picker-empty')?.textContent).toBe('Nothing matches');
  });

  test('a multi-value picker toggles with Enter, shows check marks and stays open', async () => {
    const onPick = vi.fn();
    await view.render(<Harness multiple onPick={onPick} />);
    await openByKeyboard();
    expect([...document.querySelectorAll('.picker-item[data-checked]')].map((node) => node.textContent)).toEqual(['Selected: Todo']);
    await type('done');
    await press('Enter');
    expect(onPick).toHaveBeenLastCalledWith('done');
    expect(input()).not.toBeNull();
    await type('');
    expect([...document.querySelectorAll('.picker-item[data-checked]')].map(labelOf)).toEqual(['Todo', 'Done']);
    await press('ArrowDown');
    await press('Enter');
    expect(onPick).toHaveBeenLastCalledWith('todo');
    expect([...document.querySelectorAll('.picker-item[data-checked]')].map(labelOf)).toEqual(['Done']);
  });

  test('offers to create a name no option has, and only then', async () => {
    const onCreate = vi.fn();
    await view.render(<Harness multiple onPick={() => undefined} onCreate={onCreate} />);
    await openByKeyboard();
    await type('todo');
    expect(visibleLabels()).toEqual(['Todo']);
    await type('Urgent fix');
    expect(visibleLabels()).toEqual(['Create "Urgent fix"']);
    await press('Enter');
    expect(onCreate).toHaveBeenCalledWith('Urgent fix');
  });

  test('Escape closes the picker only, and focus returns to the chip', async () => {
    const outer = vi.fn();
    await view.render(<Harness onPick={() => undefined} onOuterEscape={outer} />);
    await openByKeyboard();
    await press('Escape');
    // Radix's focus scope hands focus back on a timer after the popover unmounts: wait for it.
    await vi.waitFor(() => {
      expect(input()).toBeNull();
      expect(document.activeElement).toBe(chip());
    });
    expect(outer).not.toHaveBeenCalled();
  });
});
