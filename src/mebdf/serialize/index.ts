/**
 * The fast canonical serializer: block model -> MEBDF text, byte-identical to `stringifyMebdf`
 * (the differential tests in test/serialize prove it on goldens, real and generated documents and
 * random models) and several times faster; see writer.ts for how.
 */
import type { MebdfDocument } from '../model.js';
import { modelToTree } from '../semantic/from-model.js';
import { writeTree } from './writer.js';

/** The canonical MEBDF text of a block model (same bytes as `stringifyMebdf`). */
export function serializeMebdf(document: MebdfDocument): string {
  return writeTree(modelToTree(document));
}
