/**
 * The consent page shown before anyone is sent to Google: which client asks, where it will send
 * the result, and what it may do. Plain HTML with a form; no script at all, and the
 * Content-Security-Policy sent with it forbids any (and framing, against clickjacking).
 */

export interface ConsentView {
  clientName: string;
  clientId: string;
  redirectUri: string;
  /** Where the form posts: this interaction's confirm and abort URLs. */
  confirmAction: string;
  abortAction: string;
  csrf: string;
  loginHint?: string | undefined;
}

export const CONSENT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http: https:; frame-ancestors 'none'; base-uri 'none'";

export function renderConsentPage(view: ConsentView): string {
  const host = safeHost(view.redirectUri);
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Allow ${esc(view.clientName)} to use your Google Docs?</title>
<style>body{font:16px system-ui,sans-serif;max-width:34rem;margin:3rem auto;padding:0 1rem}
code{background:#eee;padding:0 .2rem}button{font-size:1rem;padding:.5rem 1rem;margin-right:.5rem}</style>
</head><body>
<h1>Allow <span id="client-name">${esc(view.clientName)}</span> to use your Google Docs?</h1>
<p><strong>${esc(view.clientName)}</strong> (client <code>${esc(view.clientId)}</code>) asks to read and edit,
as you, the Google Docs you can open.</p>
<p>After you sign in with Google you will be sent back to <strong id="redirect-host">${esc(host)}</strong>
(<code>${esc(view.redirectUri)}</code>). If you did not start this, or do not recognise that address, cancel.</p>
<form method="post" action="${esc(view.confirmAction)}">
<input type="hidden" name="csrf" value="${esc(view.csrf)}">
${view.loginHint ? `<input type="hidden" name="login_hint" value="${esc(view.loginHint)}">` : ''}
<button type="submit" id="allow">Continue with Google</button>
</form>
<form method="post" action="${esc(view.abortAction)}">
<input type="hidden" name="csrf" value="${esc(view.csrf)}">
<button type="submit" id="cancel">Cancel</button>
</form>
</body></html>`;
}

function safeHost(uri: string): string {
  try {
    return new URL(uri).host || uri;
  } catch {
    return uri;
  }
}

function esc(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
