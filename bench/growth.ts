/**
 * Linearity of a series of figures measured at doubling sizes: the factor from each size to the
 * next. A series grows linearly when every doubling costs at most 2.2× (10% over exact).
 */
import type { Figure } from './measure.js';

export const MAX_DOUBLING = 2.2;

export interface Point {
  pages: number;
  ms: number;
}

/** One figure summing up the series: the factor per doubling, checked against MAX_DOUBLING. */
export function growthFigure(name: string, points: Point[]): Figure {
  const factors = points.slice(1).map((p, i) => ({
    step: `${points[i]!.pages}→${p.pages}`,
    factor: (p.ms / points[i]!.ms) * (2 / (p.pages / points[i]!.pages)),
  }));
  const worst = Math.max(...factors.map((f) => f.factor));
  return {
    name: `growth: ${name}`,
    ms: points[points.length - 1]?.ms ?? 0,
    note: factors.map((f) => `${f.step} ${f.factor.toFixed(2)}×`).join(', '),
    target: `≤ ${MAX_DOUBLING}× per doubling`,
    ok: factors.length > 0 && worst <= MAX_DOUBLING,
  };
}
