/**
 * What the section tools (insert_section, delete_section, move_section) share: where a section
 * goes, the result fields, and the mapping from the service result (which carries the requests
 * for the CLI) to a count.
 */
import { z } from 'zod';
import type { Placement, SectionEditResult } from '../docs/service/sections.js';
import { ValidationError } from '../errors.js';
import { newHeadingsField, revisionIdField, warningsField } from './schemas.js';

export const positionField = z
  .enum(['before', 'after', 'end'])
  .describe(
    '"after" anchor_id (after its subsections too), "before" anchor_id, or "end" of the tab. Default: "after" when an anchor is given, else "end".',
  );

export const placeAnchorField = z
  .string()
  .optional()
  .describe(
    'The section the position is relative to (from get_hierarchy; "" = the preamble, only with "after"). Taken from the URL\'s #heading= when omitted.',
  );

export const sectionEditOutputFields = {
  success: z.literal(true).describe('Always true on success.'),
  tab_id: z.string().describe('The tab written (resolved when omitted).'),
  revision_id: revisionIdField.describe('The revision after the write (the current one for a dry run).'),
  request_count: z
    .number()
    .int()
    .describe('How many batchUpdate requests were sent (or planned, for a dry run).'),
  new_headings: newHeadingsField.describe(
    'The headings of the section written, with the anchors Docs gave them (empty anchors in a dry run).',
  ),
  removed_anchors: z
    .array(z.string())
    .describe('Heading anchors that no longer exist: the deleted or moved section and its subsections.'),
  warnings: warningsField,
  dry_run: z.boolean().describe('True when nothing was written.'),
};

export function toSectionEditOutput(result: SectionEditResult) {
  const { requests, ...rest } = result;
  return { ...rest, request_count: requests.length };
}

/** The placement a call names. */
export function placementOf(
  position: 'before' | 'after' | 'end' | undefined,
  anchorId: string | undefined,
): Placement {
  const where = position ?? (anchorId !== undefined ? 'after' : 'end');
  if (where === 'end') return { where };
  if (anchorId === undefined) {
    throw new ValidationError(
      `position "${where}" needs the anchor_id of a section.`,
      'Pass anchor_id (get_hierarchy lists them), or position "end".',
    );
  }
  return { where, anchorId };
}
