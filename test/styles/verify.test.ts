import { describe, expect, it } from 'vitest';
import { applyBatchUpdate, getTab } from '../../src/docs/engine/index.js';
import { resolveTab } from '../../src/docs/export/tabs.js';
import { planNormalize, resolveTabStyles, verifyStyleResult } from '../../src/docs/styles/index.js';
import type { Document, Request } from '../../src/ground/docs-json.js';
import { DOCS, loadReal } from './helpers.js';

function problemsAfter(doc: Document, extra: Request[]): string[] {
  const plan = planNormalize(doc, undefined, { body_font: 'Georgia', body_size: '12pt' });
  const after = applyBatchUpdate(doc, { requests: [...plan.requests, ...extra] }).document;
  return verifyStyleResult(
    resolveTab(doc).content,
    getTab(after, plan.tabId)!.documentTab!,
    plan.tabId,
    plan.targets,
  );
}

describe('verifyStyleResult', () => {
  const doc = loadReal(DOCS.specialChars);
  const styled = resolveTabStyles(resolveTab(doc).content);
  const tabId = resolveTab(doc).tabId;

  it('accepts the plan as planned', () => {
    expect(problemsAfter(doc, [])).toEqual([]);
  });

  it('catches a text change', () => {
    const first = styled.paragraphs.find((p) => p.runs.some((r) => r.text.length > 2))!;
    const problems = problemsAfter(doc, [
      { insertText: { text: 'é😀', location: { index: first.startIndex + 1, tabId } } },
    ]);
    expect(problems.join('\n')).toMatch(/plain text changed/);
  });

  it('catches lost character-level formatting and a target that does not hold', () => {
    const run = styled.paragraphs.flatMap((p) => p.runs).find((r) => r.isText && r.text.trim().length > 0)!;
    const problems = problemsAfter(doc, [
      {
        updateTextStyle: {
          range: { startIndex: run.startIndex, endIndex: run.endIndex, tabId },
          textStyle: { italic: true, fontSize: { magnitude: 30, unit: 'PT' } },
          fields: 'italic,fontSize',
        },
      },
    ]);
    expect(problems.join('\n')).toMatch(/character-level/);
    expect(problems.join('\n')).toMatch(/still differs/);
  });
});
