// @vitest-environment happy-dom
// The date picker's month grid starts its week where a person of that locale expects, like the
// calendar layout: Sunday for an en-US browser, Monday for en-GB (same interface language, other
// week) and for zh-CN.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Locale } from '../i18n';
import { mountTestRoot, type TestRoot } from '../test-support/react-root';
import MonthCalendar from './month-calendar';

let view: TestRoot | undefined;
afterEach(async () => {
  await view?.unmount();
  vi.unstubAllGlobals();
});

/** The weekday column headers' full names, in order. */
async function weekdays(browserLanguage: string, locale: Locale): Promise<string[]> {
  vi.stubGlobal('navigator', { ...navigator, language: browserLanguage });
  view = mountTestRoot();
  await view.render(<MonthCalendar locale={locale} selected={new Date(2026, 2, 15)} onPick={() => undefined} />);
  const headers = [...view.container.querySelectorAll('.rdp-weekday')].map((cell) => cell.getAttribute('aria-label') ?? cell.textContent ?? '');
  await view.unmount();
  view = undefined;
  return headers;
}

describe('date picker month', () => {
  test('the week starts on the locale’s first day', async () => {
    expect((await weekdays('en-US', Locale.EN))[0]).toBe('Sunday');
    expect((await weekdays('en-GB', Locale.EN))[0]).toBe('Monday');
    expect((await weekdays('zh-CN', Locale.ZH_CN))[0]).toBe('星期一');
    // A browser in another language: the interface locale decides.
    expect((await weekdays('de-DE', Locale.EN))[0]).toBe('Sunday');
    expect(await weekdays('en-GB', Locale.EN)).toHaveLength(7);
  });
});
