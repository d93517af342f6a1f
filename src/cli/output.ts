/** Small helpers the document commands share: JSON on stdout, and text written as-is. */
import { cliIo } from './io.js';

export function printJson(value: unknown): void {
  cliIo().stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export function printText(text: string): void {
  cliIo().stdout.write(text.endsWith('\n') ? text : `${text}\n`);
}

/** Pads columns for a human table; the last column is left ragged. */
export function table(rows: string[][]): string {
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows
    .map((row) =>
      row.map((cell, i) => (i === row.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  '),
    )
    .join('\n');
}

/**
 * With `--json`, a failure is also printed as `{success:false, error}` on stdout so a script gets
 * JSON either way; the error is re-thrown so the exit code and the stderr line stay as usual.
 */
export async function withJsonErrors(json: boolean | undefined, action: () => Promise<void>): Promise<void> {
  try {
    await action();
  } catch (error) {
    if (json) {
      const [{ toErrorPayload }, { inCliTerms }] = await Promise.all([
        import('../tools/errors.js'),
        import('./vocabulary.js'),
      ]);
      const payload = toErrorPayload(error);
      payload.error.message = inCliTerms(payload.error.message);
      if (payload.error.suggestion) payload.error.suggestion = inCliTerms(payload.error.suggestion);
      printJson(payload);
    }
    throw error;
  }
}

/** Warnings are diagnostics: stderr, so stdout stays pipeable MEBDF. */
export function printWarnings(warnings: string[]): void {
  for (const w of warnings) cliIo().stderr.write(`gdoc: warning: ${w}\n`);
}
