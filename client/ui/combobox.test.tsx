// @vitest-environment happy-dom
// The Combobox by keyboard, as a user drives it: typing filters, arrows move the active option,
// Enter chooses it; multi-select toggles with check marks; a query that matches nothing offers
// "Create …". Rendered with the real cmdk in happy-dom.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, useState } from 'react';
import { Locale, setLocale } from '../i18n';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import { Combobox, toggleValue, type ComboboxOption } from './combobox';

const OPTIONS: ComboboxOption[] = [
  { value: 's1', label: 'Backlog' },
  { value: 's2', label: 'Todo' },
  { value: 's3', label: 'In progress', keywords: ['started'] },
  { value: 's4', label: 'Done' },
];

let view: TestRoot;
beforeEach(() => {
  setLocale(Locale.EN);
  view = mountTestRoot();
});
afterEach(() => view.unmount());

const input = () => view.container.querySelector<HTMLInputElement>('input')!;
const optionTexts = () => [...view.container.querySelectorAll('[role="option"]')].map((option) => option.textContent);
const activeText = () => view.container.querySelector('[role="option"][aria-selected="true"]')?.textContent;

async function type(text: string) {
  await act(async () => {
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input(), text);
    input().dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function press(key: string) {
  await act(async () => {
    input().dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
  });
}

function MultiHarness({ onChange }: { onChange: (values: string[]) => void }) {
  const [selected, setSelected] = useState<string[]>(['s1']);
  return (
    <Combobox
      label="Labels"
      multiple
      options={OPTIONS}
      selected={selected}
      onSelect={(value) => {
        const next = toggleValue(selected, value);
        setSelected(next);
        onChange(next);
      }}
    />
  );
}

describe('Combobox', () => {
  test('the input is focused, labelled, and every option is listed with the first active', async () => {
    await view.render(<Combobox label="State" options={OPTIONS} selected={[]} onSelect={() => undefined} />);
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('aria-label')).toBe('State');
    expect(view.container.querySelector('[role="listbox"]')).not.toBeNull();
    expect(optionTexts()).toEqual(['Backlog', 'Todo', 'In progress', 'Done']);
    expect(activeText()).toBe('Backlog');
  });

  test('typing filters by label and keywords; arrows move; Enter chooses the active option', async () => {
    const onSelect = vi.fn();
    await view.render(<Combobox label="State" options={OPTIONS} selected={[]} onSelect={onSelect} />);
    await type('o');
    expect(optionTexts()).toEqual(['Backlog', 'Todo', 'In progress', 'Done']);
    await type('do');
    // Labels that start with the query rank first.
    expect(optionTexts()).toEqual(['Done', 'Todo']);
    expect(activeText()).toBe('Done');
    await press('ArrowDown');
    expect(activeText()).toBe('Todo');
    await press('ArrowDown'); // loops back to the top
    expect(activeText()).toBe('Done');
    await press('ArrowUp');
    expect(activeText()).toBe('Todo');
    await press('Enter');
    expect(onSelect).toHaveBeenCalledExactlyOnceWith('s2');
    await type('started');
    expect(optionTexts()).toEqual(['In progress']);
    await type('zzz');
    expect(optionTexts()).toEqual([]);
    expect(view.container.textContent).toContain('No matches');
  });

  test('multi-select toggles with Enter and marks chosen options checked', async () => {
    const onChange = vi.fn();
    await view.render(<MultiHarness onChange={onChange} />);
    expect(view.container.querySelector('[role="listbox"]')!.getAttribute('aria-multiselectable')).toBe('true');
    const checked = () => [...view.container.querySelectorAll('[role="option"][aria-checked="true"]')].map((option) => option.textContent);
    expect(checked()).toEqual(['Backlog']);
    await press('ArrowDown');
    await press('Enter');
    expect(onChange).toHaveBeenLastCalledWith(['s1', 's2']);
    expect(checked()).toEqual(['Backlog', 'Todo']);
    expect(view.container.querySelectorAll('.picker-check svg')).toHaveLength(2);
    await press('ArrowUp');
    await press('Enter');
    expect(onChange).toHaveBeenLastCalledWith(['s2']);
    expect(checked()).toEqual(['Todo']);
  });

  test('a query matching no option offers to create it; Enter creates', async () => {
    const onCreate = vi.fn();
    await view.render(<Combobox label="Labels" options={OPTIONS} selected={[]} onSelect={() => undefined} onCreate={onCreate} />);
    await type('Frontend');
    expect(optionTexts()).toEqual(['Create “Frontend”']);
    await press('Enter');
    expect(onCreate).toHaveBeenCalledExactlyOnceWith('Frontend');
    await type('done');
    expect(optionTexts()).toEqual(['Done']); // an exact match offers no duplicate
  });

  test('options searched by the caller: every keystroke reaches it, its hits show unfiltered, "Searching…" while it runs', async () => {
    const queries: string[] = [];
    function Searched() {
      const [query, setQuery] = useState('');
      // The "server" matched by number: none of the labels contains the typed text.
      const hits = query === '42' ? [{ value: 'i42', label: 'AP-42 Login fails' }, { value: 'i43', label: 'AP-43 Logout' }] : [];
      return (
        <Combobox
          label="Issue"
          options={hits}
          selected={[]}
          onSelect={(value) => queries.push(`chose ${value}`)}
          onQueryChange={(value) => {
            queries.push(value);
            setQuery(value);
          }}
          loading={query === 'slow'}
          testId="searched"
        />
      );
    }
    await view.render(<Searched />);
    await type('slow');
    expect(view.container.querySelector('[data-testid="searched-loading"]')?.textContent).toBe('Searching…');
    expect(view.container.textContent).not.toContain('No matches');
    await type('42');
    expect(optionTexts()).toEqual(['AP-42 Login fails', 'AP-43 Logout']);
    await press('ArrowDown');
    await press('Enter');
    expect(queries).toEqual(['slow', '42', 'chose i43']);
    await type('none');
    expect(view.container.querySelector('[data-testid="searched-empty"]')?.textContent).toBe('No matches');
  });

  test('toggleValue adds a value that is not there and takes out one that is', () => {
    expect(toggleValue(['a'], 'b')).toEqual(['a', 'b']);
    expect(toggleValue(['a', 'b'], 'a')).toEqual(['b']);
  });
});
