/**
 * Model -> canonical MEBDF text. The one place the exporter calls the language's serializer, so a
 * section, a tab and the outline are all spelled the same way. `serializeMebdf` is the fast writer
 * that gives the same bytes as `stringifyMebdf` (the round-trip tests check both agree on every
 * golden case: stringify(parse(export)) must be the export).
 */
import type { MebdfDocument } from '../../mebdf/model.js';
import { serializeMebdf } from '../../mebdf/serialize/index.js';

export function render(model: MebdfDocument): string {
  return serializeMebdf(model);
}
