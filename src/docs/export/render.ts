/**
 * Model -> canonical MEBDF text. The one place the exporter calls the language's serializer, so a
 * section, a tab and the outline are all spelled the same way (stringify(parse(export)) must be
 * the export: the round-trip tests check it on every golden case).
 */

import { stringifyMebdf } from '../../mebdf/index.js';
import type { MebdfDocument } from '../../mebdf/model.js';

export function render(model: MebdfDocument): string {
  return stringifyMebdf(model);
}
