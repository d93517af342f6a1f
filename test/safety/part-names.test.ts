/**
 * A part of a long tab that uses style names (grammar §2) starts with their definitions, and
 * imported back, edited or as it is, it changes only what the edit says.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalBackend } from '../../src/docs/backends/local.js';
import { MemoryBaseStore } from '../../src/docs/service/base-store.js';
import { exportTabService } from '../../src/docs/service/export.js';
import { importTabService } from '../../src/docs/service/import.js';
import { leadingNames } from '../../src/docs/service/text-blocks.js';
import { fixturePath } from '../server/harness.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function store(): LocalBackend {
  const dir = mkdtempSync(join(tmpdir(), 'gdoc-parts-'));
  dirs.push(dir);
  copyFileSync(
    fixturePath('think41__extrasuite__19GeM80fb9c0uHEget4jaR8WotgXwNpTwTaOHzynH-PI.json'),
    join(dir, 'doc.json'),
  );
  return new LocalBackend({ dir });
}

describe('a part that uses style names', () => {
  it('imported back as it is writes nothing; edited, it changes that paragraph only', async () => {
    const backend = store();
    const bases = new MemoryBaseStore();
    const target = { document_id: 'doc' };
    const whole = (await exportTabService(backend, target)).content;
    const first = await exportTabService(backend, target, { bases, maxTokens: 2500 });
    // The first later part that starts with style names, and one of its paragraphs using a name.
    let part: Awaited<ReturnType<typeof exportTabService>> | undefined;
    for (let i = 2; i <= first.part!.count && !part; i++) {
      const read = await exportTabService(backend, target, { bases, maxTokens: 2500, part: i });
      if (leadingNames(read.content).names.size > 0) part = read;
    }
    expect(part).toBeDefined();
    const names = [...leadingNames(part!.content).names.keys()];
    const line = part!.content
      .split('\n')
      .find((l) => names.some((n) => l.startsWith(`{!${n}}`) && l.length > 12));
    expect(line).toBeDefined();

    const same = await importTabService(backend, target, part!.content, { base: part!.base }, bases);
    expect(same.requests).toHaveLength(0);

    const edited = part!.content.replace(line!, `${line!} Added.`);
    const result = await importTabService(backend, target, edited, { base: part!.base }, bases);
    expect(result.success).toBe(true);
    expect(result.requests.length).toBeGreaterThan(0);
    expect(result.requests.length).toBeLessThanOrEqual(3);
    const after = (await exportTabService(backend, target)).content;
    expect(after).toBe(whole.replace(line!, `${line!} Added.`));
  });
});
