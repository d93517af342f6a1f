/**
 * The bench's growth lines: a doubling over 2.2× misses, the baseline's own line is printed
 * without a target (it is what the other lines are read against, not a figure of ours).
 */
import { describe, expect, it } from 'vitest';
import { growthFigure } from '../../bench/growth.js';

const points = [
  { pages: 100, ms: 10 },
  { pages: 200, ms: 21 },
  { pages: 400, ms: 48 },
];

describe('growthFigure', () => {
  it('checks every doubling against 2.2×', () => {
    const figure = growthFigure('export', points);
    expect(figure.note).toBe('100→200 2.10×, 200→400 2.29×');
    expect(figure.ok).toBe(false);
    expect(growthFigure('export', points.slice(0, 2)).ok).toBe(true);
  });

  it('prints the baseline unchecked', () => {
    const figure = growthFigure('JSON.parse', points, false);
    expect(figure.note).toBe('100→200 2.10×, 200→400 2.29×');
    expect(figure.target).toBeUndefined();
    expect(figure.ok).toBeUndefined();
  });
});
