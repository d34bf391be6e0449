// Issue #15 webhooks, tried as a new workspace admin would: settings → webhooks, add a webhook to a
// receiver on loopback with the issue event, copy the secret shown once, then watch the deliveries
// of a new issue appear in the webhook's log (a 500 first, then the retry's 200), redeliver one,
// regenerate the secret, and deactivate the webhook. The receiver checks every signature with the
// secret the screen showed.
import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, inject, test } from 'vitest';
import { screenshot } from './support/browser';
import { byTestId, freshVisit, type FreshVisit } from './support/fresh';
import { buildScreensTeam, createIssue, TEAM_PASSWORD, type ScreensTeam } from './support/screens-team';

const baseUrl = inject('e2eBaseUrl');

describe('webhooks screen', () => {
  let team: ScreensTeam;
  let visit: FreshVisit | null = null;
  let receiver: Server;
  let receiverUrl: string;
  const received: Array<{ body: string; signature: string; status: number }> = [];
  const script = [500];

  beforeAll(async () => {
    team = await buildScreensTeam(baseUrl, 'hooks', 'HOOK');
    receiver = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = script.shift() ?? 200;
        received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: String(req.headers['x-trellis-signature']), status });
        res.writeHead(status).end(status === 200 ? 'thanks' : 'try later');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/trellis`;
  });

  afterAll(async () => {
    await Promise.all([team?.setupContext.close(), visit?.context.close()]);
    await new Promise((resolve) => receiver?.close(resolve));
  });

  test('create a webhook and watch its deliveries appear in the log', async () => {
    visit = await freshVisit(baseUrl, team.alice, TEAM_PASSWORD, `/${team.slug}/settings/webhooks`);
    const { page, errors } = visit;
    await byTestId(page, 'create-webhook-button').click();
    await byTestId(page, 'webhook-url-input').fill(receiverUrl);
    // Issues are on by default; comments too, for this receiver.
    expect(await byTestId(page, 'webhook-event-issue').isChecked()).toBe(true);
    await byTestId(page, 'webhook-event-issue_comment').check();
    await byTestId(page, 'webhook-submit-button').click();

    const secret = (await byTestId(page, 'webhook-secret').textContent()) ?? '';
    expect(secret).toMatch(/^trl_wh_[0-9a-f]{32}$/);
    await byTestId(page, 'copy-webhook-secret').waitFor();
    await screenshot(page, 'webhooks-secret');
    await byTestId(page, 'webhook-secret-done').click();
    const row = byTestId(page, 'webhook-row');
    await expect.poll(() => row.count()).toBe(1);
    await expect.poll(() => row.textContent()).toContain(receiverUrl);

    await byTestId(page, 'webhook-log-button').click();
    await byTestId(page, 'webhook-log-empty').waitFor();

    await createIssue(team, { name: 'Tell the receiver' });
    // The first attempt gets 500, the retry 200: both appear in the log, newest first.
    await expect.poll(() => byTestId(page, 'webhook-log-status').allTextContents(), { timeout: 30_000 }).toEqual(['200', '500']);
    await screenshot(page, 'webhooks-log');
    for (const hit of received) expect(hit.signature).toBe(createHmac('sha256', secret).update(hit.body).digest('hex'));
    expect(JSON.parse(received[0].body)).toMatchObject({ event: 'issue', action: 'created', data: { name: 'Tell the receiver' } });

    await byTestId(page, 'webhook-redeliver').first().click();
    await expect.poll(() => byTestId(page, 'webhook-log-row').count(), { timeout: 30_000 }).toBe(3);
    expect(received).toHaveLength(3);

    // Regenerate: a new secret, shown once; the next delivery is signed with it.
    await byTestId(page, 'webhook-regenerate').click();
    await byTestId(page, 'confirm-button').click();
    const renewed = (await byTestId(page, 'webhook-secret').textContent()) ?? '';
    expect(renewed).toMatch(/^trl_wh_[0-9a-f]{32}$/);
    expect(renewed).not.toBe(secret);
    await byTestId(page, 'webhook-secret-done').click();
    await createIssue(team, { name: 'Signed anew' });
    await expect.poll(() => byTestId(page, 'webhook-log-row').count(), { timeout: 30_000 }).toBe(4);
    const last = received[received.length - 1];
    expect(JSON.parse(last.body)).toMatchObject({ data: { name: 'Signed anew' } });
    expect(last.signature).toBe(createHmac('sha256', renewed).update(last.body).digest('hex'));

    await byTestId(page, 'webhook-toggle-active').click();
    await expect.poll(() => byTestId(page, 'webhook-status').textContent()).toBe('Inactive');
    await page.reload();
    await expect.poll(() => byTestId(page, 'webhook-status').textContent()).toBe('Inactive');
    expect(errors).toEqual([]);
  });
});
