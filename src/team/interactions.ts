/**
 * The sign-in steps between oidc-provider and Google (the "OAuth proxy" pattern, done as an
 * authorization server of our own):
 *   GET  /interaction/:uid          the consent page for the asking client (always shown)
 *   POST /interaction/:uid/confirm  consent given: off to Google with our state and PKCE (or,
 *                                   when this browser is signed in already, the grant at once)
 *   POST /interaction/:uid/abort    consent refused: the client gets access_denied
 *   GET  /oauth/google/callback     Google's answer: the person's refresh token is sealed and kept
 *   GET  /interaction/:uid/finish   back under the interaction's cookie: the grant is made
 * Each step checks the interaction cookie (oidc-provider's, SameSite=Lax, bound to the path) and
 * the forms carry a token derived from the interaction, so another site cannot drive them.
 * Nothing is kept in memory: the upstream state lives in the database and the hand-over from the
 * callback to `finish` is a signed, short-lived ticket.
 */
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type Provider from 'oidc-provider';
import { CONSENT_CSP, renderConsentPage } from './consent-page.js';
import type { Database } from './db/database.js';
import type { GoogleUpstream } from './google-upstream.js';
import type { AccountStore } from './store/accounts.js';

export const GOOGLE_CALLBACK_PATH = '/oauth/google/callback';
const UPSTREAM_TTL_SECONDS = 600;
const TICKET_TTL_MS = 120_000;
const MAX_FORM_BYTES = 16 * 1024;

export interface InteractionDeps {
  provider: Provider;
  db: Database;
  google: GoogleUpstream;
  accounts: AccountStore;
  /** HMAC keys for the consent form's token and the finish ticket (first signs, all verify). */
  keys: Buffer[];
  log: (message: string) => void;
}

export function isInteractionPath(path: string): boolean {
  return path.startsWith('/interaction/') || path === GOOGLE_CALLBACK_PATH;
}

export async function handleInteraction(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname === GOOGLE_CALLBACK_PATH && req.method === 'GET')
    return await googleCallback(deps, url, res);
  const match = /^\/interaction\/([\w-]+)(?:\/(confirm|abort|finish))?$/.exec(url.pathname);
  if (!match) return page(res, 404, 'Not found', 'There is nothing here.');
  const [, uid, step] = match as unknown as [string, string, string | undefined];

  let details: Awaited<ReturnType<Provider['interactionDetails']>>;
  try {
    details = await deps.provider.interactionDetails(req, res);
  } catch {
    return page(
      res,
      400,
      'Sign-in expired',
      'This sign-in has expired or was started in another browser. Start again from your app.',
    );
  }
  if (details.uid !== uid) return page(res, 400, 'Sign-in mismatch', 'This page belongs to another sign-in.');

  if (step === undefined && req.method === 'GET') {
    // Every client gets the consent page, also when the browser already has a session here.
    const client = await deps.provider.Client.find(String(details.params.client_id));
    if (!client) return page(res, 400, 'Unknown client', 'The app asking is not registered.');
    res.writeHead(200, securityHeaders({ 'content-type': 'text/html; charset=utf-8' }));
    res.end(
      renderConsentPage({
        clientName: client.clientName ?? client.clientId,
        clientId: client.clientId,
        redirectUri: String(details.params.redirect_uri),
        confirmAction: `/interaction/${uid}/confirm`,
        abortAction: `/interaction/${uid}/abort`,
        csrf: mac(deps.keys[0]!, `csrf:${uid}`),
        loginHint: typeof details.params.login_hint === 'string' ? details.params.login_hint : undefined,
      }),
    );
    return;
  }

  if ((step === 'confirm' || step === 'abort') && req.method === 'POST') {
    const form = await readForm(req);
    if (!verifyMac(deps.keys, `csrf:${uid}`, form.get('csrf') ?? '')) {
      return page(res, 403, 'Refused', 'The form did not come from this sign-in page.');
    }
    if (step === 'abort') {
      return await deps.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'The person declined.' },
        { mergeWithLastSubmission: false },
      );
    }
    // Signed in already in this browser: only this client's consent was missing.
    if (details.prompt.name === 'consent' && details.session?.accountId) {
      return await grantConsent(deps, req, res, details);
    }
    const state = randomBytes(32).toString('base64url');
    const { verifier, challenge } = await deps.google.codeVerifier();
    await deps.db.query(
      `insert into upstream_logins (state_hash, interaction_uid, code_verifier, expires_at)
       values ($1, $2, $3, now() + make_interval(secs => $4))`,
      [sha256(state), uid, verifier, UPSTREAM_TTL_SECONDS],
    );
    const hint = form.get('login_hint') ?? undefined;
    res.writeHead(303, securityHeaders({ location: deps.google.authorizationUrl(state, challenge, hint) }));
    res.end();
    return;
  }

  if (step === 'finish' && req.method === 'GET') {
    const error = url.searchParams.get('error');
    if (error) {
      return await deps.provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: `Google sign-in failed: ${error}` },
        { mergeWithLastSubmission: false },
      );
    }
    const accountId = openTicket(deps.keys, uid, url.searchParams.get('ticket') ?? '');
    if (!accountId)
      return page(res, 400, 'Sign-in expired', 'The sign-in took too long. Start again from your app.');
    const grantId = await saveGrant(deps.provider, accountId, details);
    return await deps.provider.interactionFinished(
      req,
      res,
      { login: { accountId }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }
  return page(res, 405, 'Not allowed', 'This step does not take that method.');
}

async function googleCallback(deps: InteractionDeps, url: URL, res: ServerResponse): Promise<void> {
  const state = url.searchParams.get('state') ?? '';
  const rows = await deps.db.query<{ interaction_uid: string; code_verifier: string }>(
    'delete from upstream_logins where state_hash = $1 and expires_at > now() returning interaction_uid, code_verifier',
    [sha256(state)],
  );
  const row = rows[0];
  if (!row)
    return page(res, 400, 'Unknown sign-in', 'This answer from Google matches no sign-in in progress.');
  const back = `/interaction/${row.interaction_uid}/finish`;
  const error = url.searchParams.get('error');
  const code = url.searchParams.get('code');
  if (error || !code) {
    res.writeHead(
      303,
      securityHeaders({ location: `${back}?error=${encodeURIComponent(error ?? 'no_code')}` }),
    );
    res.end();
    return;
  }
  let signedIn: Awaited<ReturnType<GoogleUpstream['finishSignIn']>>;
  try {
    signedIn = await deps.google.finishSignIn(code, row.code_verifier);
  } catch (failure) {
    deps.log(`google sign-in failed: ${(failure as Error).message}`);
    res.writeHead(303, securityHeaders({ location: `${back}?error=google_exchange_failed` }));
    res.end();
    return;
  }
  const { identity, refreshToken, scope } = signedIn;
  await deps.accounts.save({ accountId: identity.sub, email: identity.email }, refreshToken, scope);
  const ticket = makeTicket(deps.keys[0]!, row.interaction_uid, identity.sub);
  res.writeHead(303, securityHeaders({ location: `${back}?ticket=${encodeURIComponent(ticket)}` }));
  res.end();
}

/** The person consented on our page: a grant for exactly what the client asked. */
async function grantConsent(
  deps: InteractionDeps,
  req: IncomingMessage,
  res: ServerResponse,
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
): Promise<void> {
  const accountId = details.session?.accountId;
  if (!accountId) return page(res, 400, 'Sign-in expired', 'Start again from your app.');
  const grantId = await saveGrant(deps.provider, accountId, details);
  await deps.provider.interactionFinished(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

async function saveGrant(
  provider: Provider,
  accountId: string,
  details: Awaited<ReturnType<Provider['interactionDetails']>>,
): Promise<string> {
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ??
      new provider.Grant({ accountId, clientId: String(details.params.client_id) }))
    : new provider.Grant({ accountId, clientId: String(details.params.client_id) });
  const requested = String(details.params.scope ?? '')
    .split(' ')
    .filter(Boolean);
  // The person agreed on the consent page to what the client asked: every requested scope the
  // authorization server knows (unknown ones were refused before the page was shown).
  if (requested.length) grant.addOIDCScope(requested.join(' ') as 'openid');
  const prompt = details.prompt.details as {
    missingOIDCScope?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (prompt.missingOIDCScope?.length) grant.addOIDCScope(prompt.missingOIDCScope.join(' ') as 'openid');
  for (const [indicator, scopes] of Object.entries(prompt.missingResourceScopes ?? {})) {
    grant.addResourceScope(indicator, scopes.join(' '));
  }
  const resources = details.params.resource;
  for (const indicator of Array.isArray(resources) ? resources : resources ? [resources] : []) {
    const scopes = requested.filter((scope) => scope !== 'openid' && scope !== 'offline_access');
    grant.addResourceScope(String(indicator), scopes.join(' ') || 'docs');
  }
  return await grant.save();
}

function makeTicket(key: Buffer, uid: string, accountId: string): string {
  const body = Buffer.from(JSON.stringify({ uid, accountId, exp: Date.now() + TICKET_TTL_MS })).toString(
    'base64url',
  );
  return `${body}.${mac(key, `ticket:${body}`)}`;
}

function openTicket(keys: Buffer[], uid: string, ticket: string): string | undefined {
  const [body, signature] = ticket.split('.');
  if (!body || !signature || !verifyMac(keys, `ticket:${body}`, signature)) return undefined;
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as {
    uid: string;
    accountId: string;
    exp: number;
  };
  if (claims.uid !== uid || claims.exp < Date.now()) return undefined;
  return claims.accountId;
}

function mac(key: Buffer, text: string): string {
  return createHmac('sha256', key).update(text).digest('base64url');
}

function verifyMac(keys: Buffer[], text: string, given: string): boolean {
  const presented = Buffer.from(given);
  return keys.some((key) => {
    const expected = Buffer.from(mac(key, text));
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  });
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('base64url');
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_FORM_BYTES) break;
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

function securityHeaders(extra: Record<string, string>): Record<string, string> {
  return {
    'content-security-policy': CONSENT_CSP,
    'x-frame-options': 'DENY',
    'referrer-policy': 'no-referrer',
    'cache-control': 'no-store',
    ...extra,
  };
}

function page(res: ServerResponse, status: number, title: string, message: string): void {
  const esc = (t: string) => t.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  res.writeHead(status, securityHeaders({ 'content-type': 'text/html; charset=utf-8' }));
  res.end(
    `<!doctype html><html><head><meta charset="utf-8"><title>${esc(title)}</title></head><body><h1>${esc(title)}</h1><p>${esc(message)}</p></body></html>`,
  );
}
