// @vitest-environment happy-dom
// Tabs by keyboard and pointer, as a user drives them: arrow keys move focus along the tablist and
// activate the focused tab (wrapping at the ends), Home/End jump; the one panel shown is labelled
// by its tab; a click reports the new tab once. Rendered with the real Radix Tabs in happy-dom.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act, useState } from 'react';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import { Tab, TabList, TabPanel, Tabs } from './tabs';

const NAMES = ['one', 'two', 'three'] as const;
type Name = (typeof NAMES)[number];

let view: TestRoot;
beforeEach(() => {
  view = mountTestRoot();
});
afterEach(() => view.unmount());

function Harness({ onChange }: { onChange: (value: Name) => void }) {
  const [value, setValue] = useState<Name>('one');
  return (
    <Tabs
      value={value}
      onValueChange={(next) => {
        setValue(next);
        onChange(next);
      }}
    >
      <TabList label="Sections">
        {NAMES.map((name) => (
          <Tab key={name} value={name} testId={`tab-${name}`}>
            {name.toUpperCase()}
          </Tab>
        ))}
      </TabList>
      <TabPanel value={value} testId="panel">
        content of {value}
      </TabPanel>
    </Tabs>
  );
}

const tab = (name: Name) => view.container.querySelector<HTMLElement>(`[data-testid="tab-${name}"]`)!;
const selected = () => view.container.querySelector('[role="tab"][aria-selected="true"]')?.textContent;
const panel = () => view.container.querySelector<HTMLElement>('[role="tabpanel"]')!;

async function press(key: string) {
  await act(async () => {
    document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    // Radix moves roving focus in a timeout after the keydown.
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('Tabs', () => {
  test('a tablist named by its label; the tabs not selected are out of the tab order', async () => {
    await view.render(<Harness onChange={() => undefined} />);
    const list = view.container.querySelector('[role="tablist"]')!;
    expect(list.getAttribute('aria-label')).toBe('Sections');
    expect(view.container.querySelectorAll('[role="tab"]')).toHaveLength(3);
    expect(selected()).toBe('ONE');
    expect(tab('two').getAttribute('tabindex')).toBe('-1');
    expect(tab('three').getAttribute('tabindex')).toBe('-1');
  });

  test('the panel is labelled by its tab and the tab controls the panel', async () => {
    await view.render(<Harness onChange={() => undefined} />);
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('one').id);
    expect(tab('one').getAttribute('aria-controls')).toBe(panel().id);
    expect(panel().textContent).toBe('content of one');
  });

  test('arrow keys move focus and activate the tab; they wrap; Home and End jump', async () => {
    const onChange = vi.fn();
    await view.render(<Harness onChange={onChange} />);
    await act(async () => tab('one').focus());
    await press('ArrowRight');
    expect(document.activeElement).toBe(tab('two'));
    expect(selected()).toBe('TWO');
    expect(panel().textContent).toBe('content of two');
    expect(panel().getAttribute('aria-labelledby')).toBe(tab('two').id);
    await press('ArrowRight');
    await press('ArrowRight');
    expect(selected()).toBe('ONE');
    await press('ArrowLeft');
    expect(selected()).toBe('THREE');
    await press('Home');
    expect(selected()).toBe('ONE');
    await press('End');
    expect(selected()).toBe('THREE');
    expect(onChange.mock.calls.map(([value]) => value)).toEqual(['two', 'three', 'one', 'three', 'one', 'three']);
  });

  test('a click (mousedown, then the focus it brings) reports the tab once', async () => {
    const onChange = vi.fn();
    await view.render(<Harness onChange={onChange} />);
    await act(async () => {
      tab('three').dispatchEvent(new MouseEvent('mousedown', { bubbles: true, cancelable: true, button: 0 }));
      tab('three').focus();
    });
    expect(onChange.mock.calls).toEqual([['three']]);
    expect(panel().textContent).toBe('content of three');
  });
});
