/**
 * Who may talk to the HTTP server. A browser page on any site can make a victim's browser send
 * requests to 127.0.0.1 (and DNS rebinding makes a hostile name resolve there), so the Host and
 * Origin headers must name this server; off loopback, a bearer token is mandatory as well.
 * Pure functions over header values, so they are tested without sockets.
 */
import { timingSafeEqual } from 'node:crypto';

const LOOPBACK_NAMES = ['localhost', '127.0.0.1', '[::1]'];

export function isLoopbackHost(host: string): boolean {
  return host === 'localhost' || host === '::1' || host === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(host);
}

export interface GuardOptions {
  /** The address bound, e.g. 127.0.0.1 or 0.0.0.0. */
  host: string;
  port: number;
  /** Extra host names clients use to reach this server (a LAN name, a reverse proxy…). */
  allowedHosts?: string[];
  /** Extra browser origins allowed, e.g. https://app.example.com. */
  allowedOrigins?: string[];
  /** When set, every request must carry `Authorization: Bearer <token>`. */
  token?: string | undefined;
}

export interface Guard {
  /** `null` when allowed, otherwise the HTTP status and the reason. */
  check(headers: {
    host?: string | undefined;
    origin?: string | undefined;
    authorization?: string | undefined;
  }): {
    status: number;
    reason: string;
  } | null;
}

export function createGuard(options: GuardOptions): Guard {
  const names = new Set<string>(
    [...LOOPBACK_NAMES, ...(options.allowedHosts ?? [])].map((h) => h.toLowerCase()),
  );
  if (!isLoopbackHost(options.host) && options.host !== '0.0.0.0' && options.host !== '::') {
    names.add(options.host.includes(':') ? `[${options.host}]` : options.host);
  }
  const hosts = new Set<string>();
  for (const name of names) {
    hosts.add(name);
    hosts.add(`${name}:${options.port}`);
  }
  const origins = new Set<string>(
    (options.allowedOrigins ?? []).map((o) => o.toLowerCase().replace(/\/$/, '')),
  );
  for (const name of names) {
    origins.add(`http://${name}:${options.port}`);
    origins.add(`https://${name}:${options.port}`);
  }
  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : undefined;

  return {
    check(headers) {
      const host = headers.host?.toLowerCase();
      if (!host || !hosts.has(host)) {
        return {
          status: 403,
          reason: `Host "${headers.host ?? ''}" is not allowed (DNS-rebinding protection).`,
        };
      }
      // Non-browser clients send no Origin; a browser always does, and it must be ours.
      if (headers.origin !== undefined && !origins.has(headers.origin.toLowerCase())) {
        return { status: 403, reason: `Origin "${headers.origin}" is not allowed.` };
      }
      if (expected) {
        const given = Buffer.from(headers.authorization ?? '');
        if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
          return { status: 401, reason: 'Missing or wrong bearer token.' };
        }
      }
      return null;
    },
  };
}
