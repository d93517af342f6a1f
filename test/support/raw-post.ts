/**
 * A raw HTTP POST for transport tests: headers such as Host and Origin can be forged, and a body
 * given as chunks is written one by one without a Content-Length (chunked).
 */
import { request } from 'node:http';

export const PING = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' });

export function post(
  url: string,
  headers: Record<string, string>,
  body: string | string[] = PING,
): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
          ...headers,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    // The server may answer 413 and stop reading before the body is all sent.
    req.on('error', (e: NodeJS.ErrnoException) =>
      e.code === 'EPIPE' || e.code === 'ECONNRESET' ? undefined : reject(e),
    );
    if (Array.isArray(body)) {
      for (const chunk of body) req.write(chunk);
      req.end();
    } else {
      req.end(body);
    }
  });
}
