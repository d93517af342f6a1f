/**
 * Which Client ID Metadata Document URLs the authorization server will fetch. The client chooses
 * the URL, so without a rule the server could be made to request addresses inside its own
 * network (SSRF). oidc-provider already demands https; this refuses names and literal addresses
 * that are local: localhost, loopback, private, link-local and unique-local ranges. A public
 * name that resolves to a private address is not caught here (see SECURITY.md).
 */
import { BlockList, isIP } from 'node:net';

// Two lists: a BlockList holding ::ffff:0:0/96 would also match every IPv4 address.
const LOCAL_V4 = new BlockList();
const LOCAL_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
] as const) {
  LOCAL_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::ffff:0:0', 96],
] as const) {
  LOCAL_V6.addSubnet(net, prefix, 'ipv6');
}

export function isFetchableMetadataUrl(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.protocol !== 'https:') return false;
  const host = url.hostname
    .toLowerCase()
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '');
  if (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    host.endsWith('.local') ||
    host.endsWith('.internal')
  ) {
    return false;
  }
  const family = isIP(host);
  if (family === 4) return !LOCAL_V4.check(host, 'ipv4');
  if (family === 6) return !LOCAL_V6.check(host, 'ipv6');
  // A bare name without a dot is a local name.
  return host.includes('.');
}
