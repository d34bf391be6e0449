// @vitest-environment happy-dom
// Issue #10 item 1: a component that throws inside a screen must leave the shell (sidebar, top
// bar, navigation) working, and only an unanswered request may be reported as "cannot reach the
// server" — the editor's TypeError used to be shown as a network outage over the whole app.
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { isNetworkFailure, NetworkError, request } from '../api/http';
import { Locale, setLocale } from '../i18n';
import { AppShell } from './app-shell';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;
let failure: Error | null;

function Fragile() {
  if (failure) throw failure;
  return <p data-testid="fragile">working</p>;
}

async function renderShell() {
  const rootRoute = createRootRoute({
    component: () => (
      <AppShell title="Shell title">
        <Fragile />
      </AppShell>
    ),
  });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/'] }) });
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
  for (let tries = 0; tries < 50 && !container.querySelector('.topbar'); tries++) {
    await act(async () => new Promise((resolve) => setTimeout(resolve, 10)));
  }
}

const byTestId = (id: string) => container.querySelector<HTMLElement>(`[data-testid="${id}"]`);

beforeEach(() => {
  setLocale(Locale.EN);
  failure = null;
  vi.spyOn(console, 'error').mockImplementation(() => {});
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('screen error boundary', () => {
  test('a throwing child shows a notice in the content area; the shell keeps working and retry recovers', async () => {
    failure = new TypeError("Cannot read properties of null (reading 'cached')");
    await renderShell();
    const notice = byTestId('error-notice');
    expect(notice).not.toBeNull();
    expect(notice!.dataset.kind).toBe('error');
    expect(notice!.textContent).toContain('Something went wrong');
    expect(container.textContent).not.toContain('Cannot reach the server');
    // The shell is still there around the failed screen.
    expect(container.querySelector('.topbar-title')?.textContent).toBe('Shell title');
    // A long title is cut short beside the tabs; its tooltip holds it whole.
    expect(container.querySelector('.topbar-title')?.getAttribute('title')).toBe('Shell title');
    expect(container.querySelector('.sidebar')).not.toBeNull();
    expect(container.querySelector('main.content')?.contains(notice)).toBe(true);

    failure = null;
    await act(async () => byTestId('error-retry')!.click());
    expect(byTestId('fragile')?.textContent).toBe('working');
    expect(byTestId('error-notice')).toBeNull();
  });

  test('an unanswered request is the one failure reported as "cannot reach the server"', async () => {
    failure = new NetworkError(new TypeError('Failed to fetch'));
    await renderShell();
    expect(byTestId('error-notice')?.dataset.kind).toBe('network');
    expect(byTestId('error-notice')?.textContent).toContain('Cannot reach the server');
  });
});

describe('isNetworkFailure', () => {
  test('a fetch that never answers becomes a NetworkError; bugs and server answers do not', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }));
    const thrown = await request('/api/users/me/').catch((error: unknown) => error);
    expect(thrown).toBeInstanceOf(NetworkError);
    expect(isNetworkFailure(thrown)).toBe(true);
    expect(isNetworkFailure(new TypeError("Cannot read properties of null (reading 'cached')"))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
  });
});
