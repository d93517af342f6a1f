/**
 * Model -> canonical MEBDF text. The one place the exporter calls the language's serializer, so a
 * section, a tab and the outline are all spelled the same way (stringify(parse(export)) must be
 * the export: the round-trip tests check it on every golden case). With a `RenderCache` (see
 * mebdf/render-blocks.ts) a block already rendered in the same command is not serialised again.
 */

import { stringifyMebdf } from '../../mebdf/index.js';

export { type KnownText, knownText } from '../../mebdf/incremental.js';

import type { MebdfDocument } from '../../mebdf/model.js';
import { type RenderCache, renderBlocks } from '../../mebdf/render-blocks.js';

export {
  RenderCache,
  type RenderedBlock,
  type RenderedBlocks,
  renderBlocks,
} from '../../mebdf/render-blocks.js';

export function render(model: MebdfDocument, cache?: RenderCache): string {
  return cache ? renderBlocks(model, cache).content : stringifyMebdf(model);
}
