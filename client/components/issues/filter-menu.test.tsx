// @vitest-environment happy-dom
// The filter bar's chips as a screen reader reads them: the property is named once — "Priority:
// High", not "Priority: Priority: High" — and a chip with no filter set reads "Priority: Any".
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { act } from 'react';
import { Locale, setLocale } from '../../i18n';
import { defaultListSettings, useIssueFilterStore } from '../../stores/issue-filter-store';
import { mountTestRoot, type TestRoot } from '../../test-support/react-root';
import { FilterMenu } from './display-menu';
import { listKey, type ListSource } from '../../stores/list-model';

const source: ListSource = { kind: 'project', projectId: '11111111-1111-4111-8111-111111111111' };
const spoken = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.getAttribute('aria-label');
const shown = (testId: string) => document.querySelector(`[data-testid="${testId}"]`)?.textContent;

let view: TestRoot;
beforeEach(() => {
  useIssueFilterStore.setState({ lists: { [listKey(source)]: { ...defaultListSettings(source), filters: { priority: ['high', 'urgent'] } } } });
});
afterEach(async () => {
  await view.unmount();
  useIssueFilterStore.setState({ lists: {} });
});

describe('filter chips', () => {
  test('name the property once, in en and zh-CN', async () => {
    setLocale(Locale.EN);
    view = mountTestRoot();
    await view.render(<FilterMenu slug="acme" source={source} />);
    expect(shown('filter-priority')).toBe('Priority: High, Urgent');
    expect(spoken('filter-priority')).toBe('Priority: High, Urgent');
    expect(spoken('filter-state-group')).toBe('State group: Any');
    await view.unmount();

    await act(async () => setLocale(Locale.ZH_CN));
    view = mountTestRoot();
    await view.render(<FilterMenu slug="acme" source={source} />);
    expect(shown('filter-priority')).toBe('优先级：高, 紧急');
    expect(spoken('filter-priority')).toBe('优先级：高, 紧急');
    expect(spoken('filter-state-group')).toBe('状态组：任意');
  });
});
