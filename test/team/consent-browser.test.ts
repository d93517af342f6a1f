/**
 * The consent page in a real browser (Chromium driven by playwright-core): the page names the
 * client and where it will be sent, runs no script and may not be framed; "Continue with Google"
 * goes through the emulated Google sign-in and back to the client with a code that redeems for a
 * working token; "Cancel" returns access_denied; a form posted from another page is refused.
 * Skips, saying why, when no Chromium is installed (`apt-get install chromium`).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/team/db/database.js';
import type { RunningTeamServer } from '../../src/team/server.js';
import { ALICE, type Emulated, startInstance, startUsersEmulator } from './harness.js';

const CANDIDATES = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(
  (p): p is string => Boolean(p),
);
const executablePath = CANDIDATES.find((p) => existsSync(p));
if (!executablePath) {
  process.stderr.write(
    'consent-browser.test.ts: skipped, no Chromium found (tried CHROMIUM_PATH, /usr/bin/chromium); install it with `apt-get install -y chromium`.\n',
  );
}

const REDIRECT = 'http://127.0.0.1:1/cb';

describe.skipIf(!executablePath)('consent page in Chromium', () => {
  let browser: Browser;
  let google: Emulated;
  let server: RunningTeamServer;
  let clientId: string;

  beforeAll(async () => {
    google = await startUsersEmulator();
    server = await startInstance(await openDatabase({ pgliteDir: 'memory://' }), google.emulator);
    const registered = await fetch(`${server.url}/reg`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        client_name: 'Browser Test Client',
        redirect_uris: [REDIRECT],
        grant_types: ['authorization_code', 'refresh_token'],
        response_types: ['code'],
        token_endpoint_auth_method: 'none',
      }),
    });
    clientId = ((await registered.json()) as { client_id: string }).client_id;
    browser = await chromium.launch({ executablePath, args: ['--no-sandbox'] });
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await google?.close();
  });

  function authorization(): { url: string; verifier: string; state: string } {
    const verifier = randomBytes(32).toString('base64url');
    const state = randomBytes(8).toString('hex');
    const url = new URL(`${server.url}/auth`);
    url.search = new URLSearchParams({
      response_type: 'code',
      client_id: clientId,
      redirect_uri: REDIRECT,
      scope: 'docs',
      state,
      resource: server.mcpUrl,
      login_hint: ALICE,
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
    }).toString();
    return { url: url.href, verifier, state };
  }

  /** Opens a page that records where it is finally sent back to the client. */
  async function clientPage(): Promise<{ page: Page; returned: Promise<URL> }> {
    const page = await browser.newPage();
    const returned = new Promise<URL>((resolve) => {
      void page.route(`${REDIRECT}**`, async (route) => {
        resolve(new URL(route.request().url()));
        await route.fulfill({ status: 200, contentType: 'text/plain', body: 'back at the client' });
      });
    });
    return { page, returned };
  }

  it('shows the client, runs no script, and signs in through Google to a working token', async () => {
    const { url, verifier, state } = authorization();
    const { page, returned } = await clientPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    const consent = await page.goto(url);
    expect(page.url()).toContain('/interaction/');
    const headers = consent?.headers() ?? {};
    expect(headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(headers['x-frame-options']).toBe('DENY');
    await expect(page.locator('#client-name').textContent()).resolves.toBe('Browser Test Client');
    await expect(page.locator('#redirect-host').textContent()).resolves.toBe('127.0.0.1:1');
    expect(await page.locator('script').count()).toBe(0);

    await page.click('#allow');
    await page.waitForURL(/\/o\/oauth2\/v2\/auth/);
    expect(await page.locator(`input[type=radio][value="${ALICE}"]`).isChecked()).toBe(true);
    await page.click('button[type=submit]');
    const back = await returned;
    await page.close();
    expect(scripts).toEqual([]);
    expect(back.searchParams.get('state')).toBe(state);
    expect(back.searchParams.get('iss')).toBe(server.url);

    const token = await fetch(`${server.url}/token`, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code: back.searchParams.get('code') as string,
        redirect_uri: REDIRECT,
        client_id: clientId,
        code_verifier: verifier,
        resource: server.mcpUrl,
      }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const call = await fetch(server.mcpUrl, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${access_token}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
    });
    expect(call.status).toBe(200);
  });

  it('returns access_denied when the person cancels', async () => {
    const { url } = authorization();
    const { page, returned } = await clientPage();
    await page.goto(url);
    await page.click('#cancel');
    const back = await returned;
    await page.close();
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('code')).toBeNull();
  });

  it('refuses a consent form posted from another page', async () => {
    const { url } = authorization();
    const page = await browser.newPage();
    await page.goto(url);
    const confirm = new URL(`${page.url()}/confirm`).href;
    // Another page, in the same browser (so the interaction cookie exists), posts the form.
    await page.setContent(
      `<form method="post" action="${confirm}"><input type="hidden" name="csrf" value="guess"><button id="go">go</button></form>`,
    );
    const [answer] = await Promise.all([page.waitForNavigation(), page.click('#go')]);
    expect(answer?.status()).toBeGreaterThanOrEqual(400);
    expect(page.url()).not.toContain('/o/oauth2/');
    await page.close();
  });
});
