/**
 * Headings an import must type anew (two sections swapped: the Docs API moves no text, and a new
 * heading gets a new id). Links to such a heading are pointed at the new one in a second write,
 * anywhere in the document (another tab too); suggest mode, which cannot follow with a second
 * write, refuses as before; a colleague's edit before the second write is read again.
 */
import { describe, expect, it } from 'vitest';
import { exportSection, exportTab } from '../../src/docs/export/index.js';
import { importSectionService } from '../../src/docs/service/import.js';
import { RevisionConflictError, ValidationError } from '../../src/errors.js';
import type { Document } from '../../src/ground/docs-json.js';
import { makeDoc, para, text } from '../export/builder.js';
import { MemoryBackend } from './memory-backend.js';

function doc(): Document {
  return makeDoc([
    {
      tabId: 't.0',
      blocks: [
        para([text('Go to '), text('alpha', { link: { headingId: 'h.a' } }), text('.')]),
        para('Top', { namedStyleType: 'HEADING_1', headingId: 'h.top' }),
        para('Intro.'),
        para('Alpha', { namedStyleType: 'HEADING_2', headingId: 'h.a' }),
        para('About alpha.'),
        para('Beta', { namedStyleType: 'HEADING_2', headingId: 'h.b' }),
        para([text('About beta; see '), text('alpha', { link: { headingId: 'h.a' } }), text('.')]),
      ],
    },
    {
      tabId: 't.1',
      title: 'Notes',
      blocks: [
        para([
          text('Back to '),
          text('alpha', { link: { heading: { id: 'h.a', tabId: 't.0' } } }),
          text(' or '),
          text('beta', { link: { heading: { id: 'h.b', tabId: 't.0' } } }),
        ]),
      ],
    },
  ]);
}

const target = { document_id: 'doc', tab_id: 't.0', anchor_id: 'h.top' };

/** The section with its two sub-sections swapped, as a model would write it. */
function swapped(section: string): string {
  const a = section.indexOf('## {^ h.a}');
  const b = section.indexOf('## {^ h.b}');
  expect(a).toBeGreaterThan(0);
  expect(b).toBeGreaterThan(a);
  return `${section.slice(0, a)}${section.slice(b).trimEnd()}\n\n${section.slice(a, b).trimEnd()}\n`;
}

/** The heading ids links of the document point to, by link text, in order. */
function linkTargets(d: Document): string[] {
  const out: string[] = [];
  for (const tab of d.tabs ?? [])
    for (const se of tab.documentTab?.body?.content ?? [])
      for (const pe of se.paragraph?.elements ?? []) {
        const link = pe.textRun?.textStyle?.link;
        const id = link?.heading?.id ?? link?.headingId;
        if (id) out.push(`${pe.textRun!.content!.trim()}->${id}`);
      }
  return out;
}

function headingId(d: Document, text: string): string {
  const se = d.tabs![0]!.documentTab!.body!.content!.find((x) =>
    x.paragraph?.elements?.some((e) => e.textRun?.content === `${text}\n`),
  );
  return se!.paragraph!.paragraphStyle!.headingId!;
}

describe('headings typed anew keep their links', () => {
  it('two linked sub-sections swapped: the one typed anew gets a new id and every link follows it', async () => {
    const be = new MemoryBackend(doc());
    const edited = swapped(exportSection(be.doc, 't.0', 'h.top').content);
    const result = await importSectionService(be, target, edited);
    expect(be.writes).toHaveLength(2);
    // The second write only points links at the new heading.
    const second = be.writes[1]!.requests!;
    expect(second.every((r) => Object.keys(r)[0] === 'updateTextStyle')).toBe(true);
    // The result lists both writes' requests.
    expect(result.requests).toHaveLength(be.writes[0]!.requests!.length + second.length);
    expect(result.new_headings).toHaveLength(1);
    const moved = result.new_headings[0]!;
    const stayed = moved.text === 'Alpha' ? 'Beta' : 'Alpha';
    const [oldMoved, oldStayed] = moved.text === 'Alpha' ? ['h.a', 'h.b'] : ['h.b', 'h.a'];
    expect(moved.anchor_id).not.toBe(oldMoved);
    expect(headingId(be.doc, moved.text)).toBe(moved.anchor_id);
    expect(headingId(be.doc, stayed)).toBe(oldStayed);
    // Every link to the heading typed anew, in this tab and the other, points to it now.
    const a = headingId(be.doc, 'Alpha');
    const b = headingId(be.doc, 'Beta');
    expect(linkTargets(be.doc)).toEqual([`alpha->${a}`, `alpha->${a}`, `alpha->${a}`, `beta->${b}`]);
    expect(result.warnings.join('\n')).toMatch(
      /typed anew .* the links of this document to .* now point to it/,
    );
    // The section reads as written, its links to the headings' ids as they now are.
    const now = exportSection(be.doc, 't.0', 'h.top').content;
    expect(now).toBe(edited.replaceAll(oldMoved, moved.anchor_id));
    expect(exportTab(be.doc, 't.1').content).toContain(`[alpha](#^t.0:${a})`);
    expect(exportTab(be.doc, 't.1').content).toContain(`[beta](#^t.0:${b})`);
  });

  it('a heading only another tab links to, deleted: refused without allow_deletions, naming that tab', async () => {
    const be = new MemoryBackend(doc());
    const section = exportSection(be.doc, 't.0', 'h.top').content;
    const edited = section.slice(0, section.indexOf('## {^ h.b}')).trimEnd().concat('\n');
    const err = await importSectionService(be, target, edited).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toMatch(/\{\^ h\.b\} "Beta" is linked from another tab/);
    expect(be.writes).toHaveLength(0);
    const done = await importSectionService(be, target, edited, { allow_deletions: true });
    expect(done.warnings.join('\n')).toMatch(/Links now dangle: heading \{\^ h\.b\}/);
  });

  it('in suggest mode (no second write): refused as before, nothing written', async () => {
    const be = new MemoryBackend(doc());
    const edited = swapped(exportSection(be.doc, 't.0', 'h.top').content);
    const err = await importSectionService(be, target, edited, { mode: 'suggest' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ValidationError);
    expect((err as Error).message).toMatch(/would get a new id and links to it would break/);
    expect(be.writes).toHaveLength(0);
  });

  it('a dry run says what the write would do, and writes nothing', async () => {
    const be = new MemoryBackend(doc());
    const edited = swapped(exportSection(be.doc, 't.0', 'h.top').content);
    const result = await importSectionService(be, target, edited, { dry_run: true });
    expect(result.dry_run).toBe(true);
    expect(result.warnings.join('\n')).toMatch(/now point to it/);
    expect(be.writes).toHaveLength(0);
  });

  it('a document that keeps changing before the second write: the links are named in a warning', async () => {
    const be = new MemoryBackend(doc());
    const edited = swapped(exportSection(be.doc, 't.0', 'h.top').content);
    const write = be.batchUpdate.bind(be);
    let calls = 0;
    be.batchUpdate = async (id, body, options) => {
      if (++calls > 1) throw new RevisionConflictError('changed', 'again');
      return write(id, body, options);
    };
    const result = await importSectionService(be, target, edited);
    expect(calls).toBe(4);
    expect(result.warnings.join('\n')).toMatch(/kept changing .* not pointed at them: "alpha"/);
  });
});
