/**
 * Two edits of the battery in one import: a model rarely changes one thing at a time (a new first
 * item and the old one indented under it; a paragraph made a bullet and an item added after it).
 * The second edit is one the battery makes of the section the first one wrote, so each pair is an
 * edit a model could send. Which pairs: drawn with a seeded generator, `per` a document.
 *
 * The checks are the battery's (edit-battery.ts `runCase`), but for how far the edit reaches in
 * the JSON and how many requests it takes: a pair may touch the whole section. An edit whose kind
 * reads back otherwise than it was written (`expected`: special characters Docs stores its own
 * way) is left out of pairs, whose second edit would not know it.
 */
import { seededRandom } from '../../src/docs/engine/index.js';
import { type BatteryCase, casesOf } from './edit-battery.js';
import { type BatteryEdit, batteryEdits, EDIT_KINDS, type EditKind } from './edit-battery-edits.js';

/**
 * Kinds added to the battery after chains were recorded (edit-battery-compose.test.ts replays
 * chains by seed), `bold-word` and every kind after it in EDIT_KINDS: drawn into chains only with
 * `BATTERY_COMPOSE_LATER=1`, so that a seed draws the chains it drew when they were recorded.
 */
const LATER_KINDS = new Set<EditKind>(EDIT_KINDS.slice(EDIT_KINDS.indexOf('bold-word')));

/**
 * Edits that write what they read back as (a heading moved a level, or made text, reads back as
 * its document's named styles say: edit-battery.ts works that out for a first edit only).
 */
const composable = (edit: BatteryEdit): boolean =>
  !edit.expected &&
  edit.kind !== 'special-characters' &&
  edit.kind !== 'heading-level' &&
  edit.kind !== 'heading-to-paragraph' &&
  (process.env.BATTERY_COMPOSE_LATER === '1' || !LATER_KINDS.has(edit.kind));

/**
 * `per` chains of `depth` edits (pairs by default) of the sections of document `file`, drawn with
 * `seed`: each edit after the first is one the battery makes of the text the one before wrote.
 */
export function composedCases(file: string, seed: number, per: number, depth = 2): BatteryCase[] {
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const firsts = casesOf(file).filter((c) => composable(c.edit));
  const out: BatteryCase[] = [];
  for (let n = 0; n < per && firsts.length > 0; n++) {
    const first = pick(firsts);
    let next = first.edit.next;
    let where = first.edit.where;
    for (let k = 1; k < depth; k++) {
      const more = batteryEdits(next, first.anchorId === '').filter(composable);
      if (more.length === 0) break;
      const then = pick(more);
      next = then.next;
      where = `${where}, then ${then.kind} ${then.where}`;
    }
    if (next === first.edit.next) continue;
    out.push({
      ...first,
      edit: {
        kind: first.edit.kind,
        where,
        next,
        touched: { old: Number.POSITIVE_INFINITY, new: Number.POSITIVE_INFINITY },
        maxRequests: Number.POSITIVE_INFINITY,
      },
    });
  }
  return out;
}
