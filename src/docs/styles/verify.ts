/**
 * Verify before write: after the planned requests are applied (by our engine, to a copy), the tab
 * must hold the targets and nothing else may have moved. Checked: the named styles carry the
 * target values; planning again over the result plans nothing (every override that would hide a
 * target is gone); the plain text of every segment, the objects (inline objects, footnote
 * references, chips…) at their indices, the heading ids, and the character-level formatting
 * (bold, italic, underline, strikethrough, links, highlights, super/subscript, small caps) are
 * exactly as before. Returns the problems found; empty means the plan is safe to send.
 */
import type { DocumentTab, ParagraphElement, StructuralElement, TextRun } from '../../ground/docs-json.js';
import { deepEqual } from '../equality.js';
import { lookValue, planStyleChanges } from './plan.js';
import { NAMED_STYLE_TYPES, namedLayersOf, resolveNamedLooks } from './resolve.js';
import { optionalColorToHex } from './style-values.js';
import { type StyleTargets, TARGET_LABELS, type TargetKey } from './targets.js';

/** The character-level properties the formatting tools must never change. */
const MEANING_FIELDS = [
  'bold',
  'italic',
  'underline',
  'strikethrough',
  'smallCaps',
  'baselineOffset',
  'link',
  'backgroundColor',
] as const;

export function verifyStyleResult(
  before: DocumentTab,
  after: DocumentTab,
  tabId: string,
  targets: StyleTargets,
): string[] {
  const problems: string[] = [];

  const named = resolveNamedLooks(namedLayersOf(after));
  for (const type of NAMED_STYLE_TYPES) {
    const target = targets[type];
    if (!target) continue;
    for (const key of Object.keys(target) as TargetKey[]) {
      const want = target[key];
      const got = lookValue(named[type], key);
      if (want !== undefined && got !== want) {
        problems.push(`named style ${type}: ${TARGET_LABELS[key]} is ${got}, expected ${want}`);
      }
    }
  }

  const again = planStyleChanges(after, tabId, targets);
  if (again.changes > 0) {
    problems.push(
      `the result still differs from the targets (${again.changes} changes left: ${again.summary.join('; ')})`,
    );
  }

  const a = fingerprint(before);
  const b = fingerprint(after);
  if (a.text !== b.text) problems.push('the plain text changed');
  if (!deepEqual(a.objects, b.objects))
    problems.push('objects (images, footnote references, chips…) moved or changed');
  if (!deepEqual(a.headings, b.headings)) problems.push('heading ids or paragraph types changed');
  if (!deepEqual(a.meaning, b.meaning))
    problems.push('character-level formatting (bold, italic, links, highlights…) changed');
  return problems;
}

/**
 * A comparable form of one character-level property. `false` and unset are the same here (Google
 * stores a value equal to the parent's as unset), as are `NONE` and unset, and `{}` colours.
 */
function meaningValue(field: (typeof MEANING_FIELDS)[number], value: unknown): unknown {
  if (value === false || value === null || value === undefined || value === 'NONE') return null;
  if (field === 'backgroundColor') return optionalColorToHex(value as never) ?? null;
  return value;
}

interface Fingerprint {
  text: string;
  /** Each object with where it is (`segment@index`), compared with `deepEqual`. */
  objects: Array<{ at: string; kinds: string[]; value: unknown }>;
  /** `segment@index:namedStyleType:headingId` per paragraph. */
  headings: string[];
  /** Runs of equal character-level meaning, as lengths: however runs are split, equal text compares equal. */
  meaning: Array<{ style: unknown[]; length: number }>;
}

/** Everything about a tab the formatting tools must leave alone, in comparable form. */
export function fingerprint(tab: DocumentTab): Fingerprint {
  const text: string[] = [];
  const objects: Fingerprint['objects'] = [];
  const headings: string[] = [];
  const meaning: Fingerprint['meaning'] = [];
  const visitElement = (segment: string, pe: ParagraphElement): void => {
    const at = `${segment}@${pe.startIndex ?? 0}`;
    if (pe.textRun) {
      const run: TextRun = pe.textRun;
      text.push(run.content ?? '');
      const style = run.textStyle ?? {};
      const picked = MEANING_FIELDS.map((f) => meaningValue(f, style[f]));
      // Run-length per character, so that runs split or joined differently still compare equal.
      const length = (run.content ?? '').length;
      const last = meaning[meaning.length - 1];
      if (last && deepEqual(last.style, picked)) last.length += length;
      else meaning.push({ style: picked, length });
    } else {
      const { textStyle: _ignored, ...rest } = Object.values(pe).find(
        (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
      ) as Record<string, unknown>;
      objects.push({
        at,
        kinds: Object.keys(pe).filter((k) => k !== 'startIndex' && k !== 'endIndex'),
        value: rest,
      });
      text.push('\ue907');
    }
  };
  const walk = (segment: string, content: StructuralElement[] | null | undefined): void => {
    for (const element of content ?? []) {
      if (element.paragraph) {
        const style = element.paragraph.paragraphStyle ?? {};
        headings.push(
          `${segment}@${element.startIndex ?? 0}:${style.namedStyleType ?? ''}:${style.headingId ?? ''}`,
        );
        for (const pe of element.paragraph.elements ?? []) visitElement(segment, pe);
        if (element.paragraph.positionedObjectIds?.length) {
          objects.push({
            at: `${segment}@${element.startIndex ?? 0}`,
            kinds: ['positioned'],
            value: element.paragraph.positionedObjectIds,
          });
        }
      } else if (element.table) {
        text.push('[table]');
        for (const row of element.table.tableRows ?? []) {
          for (const cell of row.tableCells ?? []) walk(segment, cell.content);
        }
      } else if (element.tableOfContents) {
        walk(segment, element.tableOfContents.content);
      } else if (element.sectionBreak) {
        text.push('[section]');
      }
    }
  };
  walk('body', tab.body?.content);
  for (const [id, header] of Object.entries(tab.headers ?? {})) walk(`header:${id}`, header.content);
  for (const [id, footer] of Object.entries(tab.footers ?? {})) walk(`footer:${id}`, footer.content);
  for (const [id, footnote] of Object.entries(tab.footnotes ?? {})) walk(`footnote:${id}`, footnote.content);
  return { text: text.join(''), objects, headings, meaning };
}
