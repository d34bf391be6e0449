// The sign-up and onboarding steps as a newcomer takes them on screen (an instance that sends no
// codes signs up by password), shared by the specs that follow an invited teammate or a new admin.
import type { Page } from 'playwright-core';
import { byTestId } from './fresh';
import { TEAM_PASSWORD } from './team';

/** Signs a new person up through the sign-in screen (the email may already be filled from a link). */
export async function signUpOnScreen(page: Page, email: string): Promise<void> {
  const emailInput = byTestId(page, 'email-input');
  await emailInput.waitFor();
  if (!(await emailInput.inputValue())) await emailInput.fill(email);
  await byTestId(page, 'continue-button').click();
  await byTestId(page, 'password-input').fill(TEAM_PASSWORD);
  const confirm = byTestId(page, 'confirm-password-input');
  if (await confirm.count()) await confirm.fill(TEAM_PASSWORD);
  await byTestId(page, 'continue-button').click();
}

/** Onboarding's first step: the name. */
export async function giveName(page: Page, firstName: string): Promise<void> {
  await page.waitForURL(/\/onboarding/);
  await byTestId(page, 'profile-form').waitFor();
  await byTestId(page, 'first-name-input').fill(firstName);
  await byTestId(page, 'continue-button').click();
}
