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

/**
 * One figure summing up the series: the factor per doubling, checked against MAX_DOUBLING; with
 * `checked: false` only printed (the baseline's own growth, which the figures are read against).
 */
export function growthFigure(name: string, points: Point[], checked = true): Figure {
  const factors = points.slice(1).map((p, i) => ({
    step: `${points[i]!.pages}→${p.pages}`,
    factor: (p.ms / points[i]!.ms) * (2 / (p.pages / points[i]!.pages)),
  }));
  const worst = Math.max(...factors.map((f) => f.factor));
  const figure: Figure = {
    name: `growth: ${name}`,
    ms: points[points.length - 1]?.ms ?? 0,
    note: factors.map((f) => `${f.step} ${f.factor.toFixed(2)}×`).join(', '),
  };
  if (!checked) return figure;
  return {
    ...figure,
    target: `≤ ${MAX_DOUBLING}× per doubling`,
    ok: factors.length > 0 && worst <= MAX_DOUBLING,
  };
}
