// @vitest-environment happy-dom
// Toasts quote user text (an issue name) cut to a readable length, errors stay longer, and an
// undo action runs once and closes its toast. Rendered by sonner's real Toaster.
import { afterEach, describe, expect, test, vi } from 'vitest';
import { act, createElement } from 'react';
import { Locale, setLocale } from '../i18n';
import { mountTestRoot } from '../test-support/react-root';
import { ApiError, NetworkError } from '../api/http';
import { ERROR_TOAST_LIFETIME_MS, TOAST_LIFETIME_MS, toast } from '../ui/toast';
import { Toaster } from '../ui/toaster';
import { reportFailure, shortenForToast, TOAST_QUOTE_MAX, useToastStore } from './toast-store';

afterEach(() => {
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
    setLocale(Locale.EN);
    reportFailure('toast.issueCreateFailed', { body: { name: ['Ensure this field has no more than 255 characters.'] } }, { name: 'y'.repeat(300) });
    const [shown] = useToastStore.getState().toasts;
    expect(shown!.title.length).toBeLessThan(120);
    expect(shown!.title).toContain('…');
    expect(shown!.message).toBe('Ensure this field has no more than 255 characters.');
    expect(shown!.duration).toBe(ERROR_TOAST_LIFETIME_MS);
    toast.success('Saved');
    expect(useToastStore.getState().toasts[1]!.duration).toBe(TOAST_LIFETIME_MS);
  });

  test('a background refresh that cannot reach the server says nothing (offline is normal); a refusal still shows', () => {
    setLocale(Locale.EN);
    reportFailure('toast.refreshFailed', new NetworkError(new TypeError('Failed to fetch')));
    reportFailure('toast.refreshFailed', new ApiError(503, {}));
    expect(useToastStore.getState().toasts).toHaveLength(0);
    reportFailure('toast.refreshFailed', new ApiError(500, { error: 'Broken' }));
    reportFailure('toast.issueCreateFailed', new NetworkError(new TypeError('Failed to fetch')), { name: 'Pump' });
    expect(useToastStore.getState().toasts.map((shown) => shown.title)).toEqual(['The latest data could not be loaded', expect.stringContaining('Pump')]);
  });

  test('an undo toast shows an Undo button that runs the undo once and closes the toast', async () => {
    setLocale(Locale.EN);
    const view = mountTestRoot();
    await view.render(createElement(Toaster));
    const undo = vi.fn();
    await act(async () => {
      toast.success('Issue deleted', { undo });
    });
    const shown = await vi.waitFor(() => {
      const element = document.querySelector('[data-testid="toast"]');
      expect(element?.textContent).toContain('Issue deleted');
      return element!;
    });
    const button = [...shown.querySelectorAll('button')].find((candidate) => candidate.textContent === 'Undo');
    expect(button).toBeDefined();
    await act(async () => button!.click());
    expect(undo).toHaveBeenCalledTimes(1);
    expect(useToastStore.getState().toasts).toHaveLength(0);
    await view.unmount();
  });
});
