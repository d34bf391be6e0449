// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { resetCsrfToken } from '../api/http';
import { Locale, setLocale } from '../i18n';
import { useInstanceStore } from '../stores/instance-store';
import { resetSession } from '../stores/session-store';
import { createAppRouter } from './router';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

type Handler = (body: unknown) => Response | undefined;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

let container: HTMLDivElement;
let root: Root;
let routes: Record<string, Handler>;
let requests: Array<{ method: string; url: string; body: unknown }>;
let router: ReturnType<typeof createAppRouter>;

beforeEach(() => {
  resetCsrfToken();
  resetSession();
  useInstanceStore.setState({ status: 'idle', isSetupDone: true, instance: null, config: null });
  setLocale(Locale.EN);
  requests = [];
  routes = {
    'GET /api/instances/': () => json(200, { instance: { is_setup_done: true }, config: { is_magic_login_enabled: false, is_email_password_enabled: true } }),
    'GET /api/users/me/': () => json(401, { detail: 'Authentication credentials were not provided.' }),
    'GET /api/users/session/': () => json(200, { is_authenticated: false }),
    'GET /auth/get-csrf-token/': () => json(200, { csrf_token: 'tok' }),
  };
  vi.stubGlobal('fetch', vi.fn(async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    requests.push({ method, url, body });
    const handler = routes[`${method} ${url.split('?')[0]}`];
    return handler?.(body) ?? json(404, { error: 'Page not found.' });
  }));
  container = document.createElement('div');
  document.body.appendChild(container);
  root = createRoot(container);
});

afterEach(async () => {
  await act(async () => root.unmount());
  container.remove();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderAt(path: string) {
  router = createAppRouter({ history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    root.render(<RouterProvider router={router} />);
  });
}

async function waitFor<T>(probe: () => T | null | undefined, timeout = 2000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() - started > timeout) throw new Error(`Timed out; DOM: ${container.innerHTML.slice(0, 500)}`);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 10));
    });
  }
}

const byTestId = <E extends HTMLElement = HTMLElement>(id: string) => container.querySelector<E>(`[data-testid="${id}"]`);

async function type(input: HTMLInputElement, value: string) {
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

async function submit(form: HTMLFormElement) {
  await act(async () => {
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  });
}

describe('sign-in page', () => {
  test('a signed-out visitor is asked about through the public session route: no request answers 401', async () => {
    localStorage.clear();
    await renderAt('/');
    await waitFor(() => byTestId('email-input'));
    expect(requests.some((request) => request.url.startsWith('/api/users/session/'))).toBe(true);
    expect(requests.filter((request) => request.url.startsWith('/api/users/me'))).toEqual([]);
  });

  test('shows a translated banner for error_code in the URL', async () => {
    await renderAt('/?error_code=5060&error_message=USER_DOES_NOT_EXIST');
    const banner = await waitFor(() => byTestId('auth-error-banner'));
    expect(banner.textContent).toContain('No account uses this email');
  });

  test('the same code reads in Chinese for a visitor whose browser is zh-CN', async () => {
    vi.spyOn(navigator, 'language', 'get').mockReturnValue('zh-CN');
    await renderAt('/?error_code=5060');
    // The Chinese dictionary is its own chunk: the page switches to it once it has arrived.
    const banner = await waitFor(() => (byTestId('auth-error-banner')?.textContent?.includes('没有使用此邮箱的账号') ? byTestId('auth-error-banner') : null));
    expect(banner.textContent).toContain('没有使用此邮箱的账号');
  });

  test('email → password step; a failed sign-in shows the server code', async () => {
    routes['POST /auth/email-check/'] = () => json(200, { existing: true, status: 'CREDENTIAL' });
    routes['POST /auth/sign-in/'] = () => json(400, { error_code: 5065, error_message: 'AUTHENTICATION_FAILED_SIGN_IN' });
    await renderAt('/?next_path=%2Facme');

    const email = await waitFor(() => byTestId<HTMLInputElement>('email-input'));
    expect(document.activeElement).toBe(email);
    await type(email, 'ada@example.com');
    await submit(byTestId<HTMLFormElement>('email-form')!);

    const password = await waitFor(() => byTestId<HTMLInputElement>('password-input'));
    expect(byTestId('auth-email')?.textContent).toBe('ada@example.com');
    expect(byTestId('continue-button')?.textContent).toBe('Sign in');
    await type(password, 'wrong-password');
    await submit(byTestId<HTMLFormElement>('password-form')!);

    const banner = await waitFor(() => byTestId('auth-error-banner'));
    expect(banner.textContent).toContain('The email or password is incorrect.');
    const signIn = requests.find((request) => request.url === '/auth/sign-in/');
    expect(signIn?.body).toEqual({ email: 'ada@example.com', password: 'wrong-password', next_path: '/acme' });
  });

  test('a new email with MAGIC_CODE generates a code and asks for it (sign-up mode)', async () => {
    routes['POST /auth/email-check/'] = () => json(200, { existing: false, status: 'MAGIC_CODE' });
    routes['POST /auth/magic-generate/'] = () => json(200, { key: 'magic_new@example.com' });
    routes['POST /auth/magic-sign-up/'] = () => json(400, { error_code: 5092, error_message: 'INVALID_MAGIC_CODE_SIGN_UP' });
    await renderAt('/');
    await type(await waitFor(() => byTestId<HTMLInputElement>('email-input')), 'new@example.com');
    await submit(byTestId<HTMLFormElement>('email-form')!);

    const code = await waitFor(() => byTestId<HTMLInputElement>('code-input'));
    expect(requests.some((request) => request.url === '/auth/magic-generate/')).toBe(true);
    await type(code, '123456');
    await submit(byTestId<HTMLFormElement>('code-form')!);
    const inline = await waitFor(() => container.querySelector('.field-error'));
    expect(inline.textContent).toContain('That code is not correct');
    expect(requests.find((request) => request.url === '/auth/magic-sign-up/')?.body).toMatchObject({ email: 'new@example.com', code: '123456' });
  });

  test('an instance that is not set up sends visitors to /admin set-up', async () => {
    routes['GET /api/instances/'] = () => json(200, { is_activated: false, is_setup_done: false });
    await renderAt('/');
    await waitFor(() => byTestId('admin-setup-form'));
    expect(router.state.location.pathname).toBe('/admin');
  });

  test('signed-out visitors of a workspace page go to sign-in with next_path', async () => {
    await renderAt('/acme/settings/members');
    await waitFor(() => byTestId('email-input'));
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.search).toMatchObject({ next_path: '/acme/settings/members' });
  });
});
