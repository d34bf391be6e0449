// @vitest-environment happy-dom
// The top bar's Search button names the palette's keys as the person's keyboard has them: ⌘K on a
// Mac, Ctrl K on Windows and Linux (a ⌘ there names a key the keyboard does not have).
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Locale, setLocale } from '../../i18n';
import { mountTestRoot, type TestRoot } from '../../test-support/react-root';
import { SearchButton } from './shell-extras';

let view: TestRoot | undefined;
afterEach(async () => {
  await view?.unmount();
  view = undefined;
  vi.unstubAllGlobals();
});

async function hintOn(platform: string): Promise<string | null | undefined> {
  vi.stubGlobal('navigator', { ...navigator, platform });
  view = mountTestRoot();
  await view.render(<SearchButton />);
  const text = view.container.querySelector('[data-testid="open-palette"] kbd')?.textContent;
  await view.unmount();
  view = undefined;
  return text;
}

describe('search button', () => {
  test('shows Ctrl K off a Mac and ⌘K on one', async () => {
    setLocale(Locale.EN);
    expect(await hintOn('Linux x86_64')).toBe('Ctrl K');
    expect(await hintOn('Win32')).toBe('Ctrl K');
    expect(await hintOn('MacIntel')).toBe('⌘K');
  });
});
