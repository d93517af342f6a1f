/**
 * Model -> canonical MEBDF text. The one place the exporter calls the language's stringifier, so a
 * section, a tab and the outline are all spelled the same way.
 */
import { stringifyMebdf } from '../../mebdf/index.js';
import type { MebdfDocument } from '../../mebdf/model.js';

export function render(model: MebdfDocument): string {
  return stringifyMebdf(model);
}
