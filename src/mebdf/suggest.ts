/**
 * "Did you mean …?" — the closest valid name by edit distance, for error messages.
 */

/** Levenshtein distance, case-insensitive (O(a·b) time, O(b) space; names are short). */
export function editDistance(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  let previous = Array.from({ length: y.length + 1 }, (_, index) => index);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      current[j] = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
    }
    previous = current;
  }
  return previous[y.length]!;
}

/** The candidate nearest to `input`, or undefined when nothing is reasonably close. */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  let best: string | undefined;
  let bestDistance = Number.POSITIVE_INFINITY;
  for (const candidate of candidates) {
    const distance = editDistance(input, candidate);
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  const limit = Math.max(2, Math.ceil(input.length / 2));
  return bestDistance <= limit ? best : undefined;
}

/**
 * Names from CSS, HTML and word processors that a writer means as one of ours: no edit distance
 * finds `size` from `font-size` or `highlight` from `background`.
 */
const MEANT: Readonly<Record<string, string>> = {
  'font-size': 'size',
  'font-family': 'font',
  'font-weight': 'weight',
  'font-style': 'italic',
  'text-align': 'align',
  'text-color': 'color',
  foreground: 'color',
  background: 'highlight',
  'background-color': 'highlight',
  bg: 'highlight',
  'line-height': 'line-spacing',
  'margin-top': 'space-before',
  'margin-bottom': 'space-after',
  'padding-top': 'space-before',
  'padding-bottom': 'space-after',
  'margin-left': 'indent-left',
  'margin-right': 'indent-right',
  indent: 'indent-left',
  'text-indent': 'first-line-indent',
  strike: 'strikethrough',
  'line-through': 'strikethrough',
  superscript: 'sup',
  subscript: 'sub',
  code: 'mono',
  monospace: 'mono',
  'small-caps': 'smallcaps',
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  h1: 'Heading 1',
  h2: 'Heading 2',
  h3: 'Heading 3',
  h4: 'Heading 4',
  h5: 'Heading 5',
  h6: 'Heading 6',
  normal: 'Normal text',
  body: 'Normal text',
};

/** The valid name `input` most likely means: a known equivalent among `candidates`, else the closest. */
export function meant(input: string, candidates: readonly string[]): string | undefined {
  const equivalent = MEANT[input.trim().toLowerCase()];
  if (equivalent !== undefined && candidates.includes(equivalent)) return equivalent;
  return closest(input, candidates);
}
