// @vitest-environment happy-dom
// Toasts quote user text (an issue name) cut to a readable length, and errors stay longer.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { Locale, setLocale } from '../../i18n';
import { reportFailure, shortenForToast, TOAST_QUOTE_MAX, useToastStore } from './toast-store';

afterEach(() => {
  vi.useRealTimers();
  useToastStore.setState({ toasts: [] });
});

describe('toasts', () => {
  test('long quoted text is cut with an ellipsis; short text is kept', () => {
    expect(shortenForToast('short')).toBe('short');
    const cut = shortenForToast('x'.repeat(300));
    expect([...cut]).toHaveLength(TOAST_QUOTE_MAX);
    expect(cut.endsWith('…')).toBe(true);
  });

  test('a failure quoting a 300-character issue name shows it shortened, with the reason, for 12 s', () => {
    vi.useFakeTimers();
    setLocale(Locale.EN);
    reportFailure('toast.issueCreateFailed', { body: { name: ['Ensure this field has no more than 255 characters.'] } }, { name: 'y'.repeat(300) });
    const [toast] = useToastStore.getState().toasts;
    expect(toast!.title.length).toBeLessThan(120);
    expect(toast!.title).toContain('…');
    expect(toast!.message).toBe('Ensure this field has no more than 255 characters.');
    vi.advanceTimersByTime(7_000);
    expect(useToastStore.getState().toasts).toHaveLength(1);
    vi.advanceTimersByTime(6_000);
    expect(useToastStore.getState().toasts).toHaveLength(0);
  });
});
