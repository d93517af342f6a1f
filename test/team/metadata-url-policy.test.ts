/** The SSRF rule for Client ID Metadata Document URLs. */
import { describe, expect, it } from 'vitest';
import { isFetchableMetadataUrl } from '../../src/team/metadata-url-policy.js';

describe('isFetchableMetadataUrl', () => {
  it('fetches public https names and addresses', () => {
    expect(isFetchableMetadataUrl('https://app.example.com/oauth/client.json')).toBe(true);
    expect(isFetchableMetadataUrl('https://8.8.8.8/client.json')).toBe(true);
    expect(isFetchableMetadataUrl('https://[2001:4860::8888]/client.json')).toBe(true);
  });

  it('refuses local names, local addresses and plain http', () => {
    for (const url of [
      'http://app.example.com/client.json',
      'https://localhost/client.json',
      'https://api.localhost/client.json',
      'https://printer.local/x',
      'https://metadata.google.internal/x',
      'https://intranet/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://192.168.1.1/x',
      'https://169.254.169.254/latest/meta-data',
      'https://100.64.0.1/x',
      'https://0.0.0.0/x',
      'https://[::1]/x',
      'https://[fd00::1]/x',
      'https://[fe80::1]/x',
      'https://[::ffff:127.0.0.1]/x',
      'not a url',
    ]) {
      expect(isFetchableMetadataUrl(url), url).toBe(false);
    }
  });
});
