/** Environment tunables of the Google client: defaults under Google's quotas, validation. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_GOOGLE_CONFIG, readGoogleConfig } from '../../src/docs/backends/google-config.js';
import { ValidationError } from '../../src/errors.js';

describe('readGoogleConfig', () => {
  it('defaults below the per-user quotas of 300 reads and 60 writes a minute', () => {
    const config = readGoogleConfig({});
    expect(config).toEqual(DEFAULT_GOOGLE_CONFIG);
    expect(config.readsPerMinute).toBeLessThan(300);
    expect(config.writesPerMinute).toBeLessThan(60);
    expect(config.apiRoot).toBeUndefined();
  });

  it('reads every variable', () => {
    expect(
      readGoogleConfig({
        GDOC_API_ROOT: 'http://127.0.0.1:8080/',
        GDOC_TIMEOUT_MS: '5000',
        GDOC_READS_PER_MINUTE: '100',
        GDOC_WRITES_PER_MINUTE: '10',
        GDOC_MAX_RETRIES: '0',
      }),
    ).toMatchObject({
      apiRoot: 'http://127.0.0.1:8080/',
      timeoutMs: 5000,
      readsPerMinute: 100,
      writesPerMinute: 10,
      maxRetries: 0,
    });
  });

  it('rejects bad numbers, naming the variable', () => {
    for (const [name, value] of [
      ['GDOC_TIMEOUT_MS', 'soon'],
      ['GDOC_READS_PER_MINUTE', '0'],
      ['GDOC_WRITES_PER_MINUTE', '2.5'],
      ['GDOC_MAX_RETRIES', '-1'],
    ] as const) {
      expect(() => readGoogleConfig({ [name]: value })).toThrow(ValidationError);
      expect(() => readGoogleConfig({ [name]: value })).toThrow(name);
    }
  });

  it('sends the token only over https, or plain http on loopback', () => {
    expect(readGoogleConfig({ GDOC_API_ROOT: 'https://proxy.example.com/' }).apiRoot).toBe(
      'https://proxy.example.com/',
    );
    expect(readGoogleConfig({ GDOC_API_ROOT: 'http://localhost:9/' }).apiRoot).toBe('http://localhost:9/');
    expect(() => readGoogleConfig({ GDOC_API_ROOT: 'http://evil.example.com/' })).toThrow(/loopback/);
    expect(() => readGoogleConfig({ GDOC_API_ROOT: 'not a url' })).toThrow(ValidationError);
  });
});
