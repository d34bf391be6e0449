// Set-up steps shared by the browser specs: JSON API calls made from inside a page (so the
// browser's own cookies and CSRF token are used), first-admin set-up that tolerates an instance
// another spec set up already, and a password sign-up that lands onboarded.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/** Calls the API from inside the page, so cookies are the browser's. */
export async function api<T = unknown>(page: Page, method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const csrf = (await (await fetch('/auth/get-csrf-token/')).json()) as { csrf_token: string };
      const response = await fetch(path, {
        method,
        headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': csrf.csrf_token },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: text ? JSON.parse(text) : null };
    },
    { method, path, body },
  ) as Promise<{ status: number; body: T }>;
}

/** Creates the first admin unless another spec already did (5150/5180 are fine). */
export async function setUpInstance(baseUrl: string, adminEmail: string): Promise<void> {
  const csrfResponse = await fetch(`${baseUrl}/auth/get-csrf-token/`);
  const { csrf_token: token } = (await csrfResponse.json()) as { csrf_token: string };
  const response = await fetch(`${baseUrl}/api/instances/admins/sign-up/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json', 'X-CSRFToken': token, Cookie: `csrftoken=${token}` },
    body: JSON.stringify({ email: adminEmail, password: 'Admin-e2e-passphrase-73', first_name: 'Ada', company_name: 'Trellis Test Co' }),
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { error_code?: number };
    if (![5150, 5180].includes(Number(body.error_code))) throw new Error(`instance set-up failed: ${response.status} ${JSON.stringify(body)}`);
  }
}

/** Signs a new person up with a password inside the page and marks them onboarded. */
export async function signUp(page: Page, person: { email: string; first_name: string }, password: string): Promise<void> {
  await page.goto('/');
  await page.waitForLoadState('domcontentloaded');
  const answer = await api(page, 'POST', '/auth/sign-up/', { email: person.email, password, first_name: person.first_name });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  const onboard = await api(page, 'PATCH', '/api/users/me/onboard/', { is_onboarded: true });
  expect(onboard.status).toBeLessThan(300);
}
