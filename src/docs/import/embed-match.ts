/**
 * Which existing object each `{^= …}` placeholder of the intended content names, decided before
 * planning.
 *
 * An embed is matched by its id; the kind word is informative. A placeholder whose kind differs
 * from the object's (`{^= id video}` for what the export calls a `richlink`) keeps the object and
 * says so in the import's warnings; the catch-all kind `embed` says nothing to warn about. Either
 * way the placeholder takes the object's kind and caption, so planning and verification see the
 * object as it is.
 *
 * A placeholder without an id (`{^= equation}`, as MEBDF's first exporter wrote every equation)
 * keeps the object of that kind at that place when only one can be meant: as many id-less
 * placeholders of a kind as there are objects of that kind no other placeholder names (paired in
 * order), or one such object in a paragraph with the same text. Otherwise it is refused, naming the
 * ids that could be meant. A chip placeholder without an id whose caption is the chip's value
 * (`{^= person "ada@example.com"}`) is a chip to create (new-chips.ts), not an existing object.
 */
import { ValidationError } from '../../errors.js';
import type { Block, EmbedInline, Inline, MebdfDocument, ParagraphBlock } from '../../mebdf/model.js';
import { CHIP_KINDS, isNewChip } from './new-chips.js';

/** How a new chip of each kind is written (new-chips.ts). */
const CHIP_EXAMPLE: Record<string, string> = {
  person: '{^= person "ada@example.com"}',
  date: '{^= date "2026-11-24"} or {^= date "Nov 24, 2026"}',
  richlink: '{^= richlink "https://docs.google.com/…"}',
};

export interface EmbedMatch {
  /** `next` with every placeholder naming its object by id, in the object's own kind and caption. */
  model: MebdfDocument;
  warnings: string[];
}

/** An object of the target, where it is. */
interface Existing {
  embed: EmbedInline;
  /** The text of its paragraph without objects, to find "the same place". */
  place: string;
}

/** Resolves the placeholders of `next` against the objects of `old` (the target as exported). */
export function matchEmbeds(next: MebdfDocument, old: MebdfDocument): EmbedMatch {
  const existing: Existing[] = [];
  forEachParagraph(old, (p) => {
    for (const x of p.inlines) if (x.type === 'embed') existing.push({ embed: x, place: placeOf(p) });
  });
  const byId = new Map(existing.map((e) => [e.embed.id, e.embed]));
  const named = new Set<string>();
  const holes: Existing[] = [];
  forEachParagraph(next, (p) => {
    for (const x of p.inlines) {
      if (x.type !== 'embed') continue;
      if (x.id !== '') named.add(x.id);
      else if (!isNewChip(x)) holes.push({ embed: x, place: placeOf(p) });
    }
  });
  if (holes.length === 0 && ![...named].some((id) => differs(byId.get(id), id, next))) {
    return { model: next, warnings: [] };
  }
  const resolved = resolveHoles(
    holes,
    existing.filter((e) => !named.has(e.embed.id)),
  );
  const warnings: string[] = [];
  let hole = 0;
  const model = mapEmbeds(next, (x) => {
    if (x.id === '' && isNewChip(x)) return x; // a chip to create (new-chips.ts)
    const id = x.id === '' ? resolved[hole++]! : x.id;
    const object = byId.get(id);
    if (!object) return x; // unknown ids are the object guard's (guards.ts)
    if (x.id !== '' && x.kind !== object.kind && x.kind !== 'embed') {
      warnings.push(
        `{^= ${id} ${x.kind}} names a${/^[aeiou]/.test(object.kind) ? 'n' : ''} ${object.kind}, not a${/^[aeiou]/.test(x.kind) ? 'n' : ''} ${x.kind}; it was kept as the ${object.kind} it is (an embed is matched by its id).`,
      );
    }
    return object;
  });
  return { model, warnings };
}

/** Whether the placeholder of `id` in `next` differs from the object (kind or caption). */
function differs(object: EmbedInline | undefined, id: string, next: MebdfDocument): boolean {
  if (!object) return false;
  let found = false;
  forEachParagraph(next, (p) => {
    for (const x of p.inlines) {
      if (x.type === 'embed' && x.id === id && (x.kind !== object.kind || x.caption !== object.caption))
        found = true;
    }
  });
  return found;
}

/** The id each hole names, in order; throws when a hole could mean none or several objects. */
function resolveHoles(holes: Existing[], free: Existing[]): string[] {
  const taken = new Set<string>();
  const ids: string[] = new Array(holes.length);
  // Specific kinds first, then the catch-all `embed`, over what is left.
  const kinds = [...new Set(holes.map((h) => h.embed.kind))].sort((a, b) =>
    a === 'embed' ? 1 : b === 'embed' ? -1 : 0,
  );
  for (const kind of kinds) {
    const mine = holes.flatMap((h, i) => (h.embed.kind === kind ? [i] : []));
    const candidates = free.filter(
      (e) => !taken.has(e.embed.id) && (kind === 'embed' || e.embed.kind === kind),
    );
    if (mine.length === candidates.length) {
      mine.forEach((i, k) => {
        ids[i] = candidates[k]!.embed.id;
        taken.add(ids[i]);
      });
      continue;
    }
    for (const i of mine) {
      const left = candidates.filter((e) => !taken.has(e.embed.id));
      const here = left.filter((e) => e.place === holes[i]!.place);
      if (here.length !== 1) throw ambiguous(kind, left, mine.length);
      ids[i] = here[0]!.embed.id;
      taken.add(ids[i]);
    }
  }
  return ids;
}

function ambiguous(kind: string, candidates: Existing[], holes: number): ValidationError {
  const what = kind === 'embed' ? 'object' : kind;
  const placeholder = `{^= ${kind}}`;
  if (candidates.length === 0 && CHIP_KINDS.has(kind)) {
    return new ValidationError(
      `${placeholder} has no id and no value to create a ${kind} chip from, and no ${kind} of the target is left for it.`,
      `To create the chip, write its value as the caption: ${CHIP_EXAMPLE[kind]}; to keep an existing one, write its id as exported.`,
    );
  }
  if (candidates.length === 0) {
    return new ValidationError(
      `${placeholder} has no id, and no ${what} of the target is left for it: an import keeps existing objects but cannot create one.`,
      `Remove ${placeholder}, or write the id of the object it stands for ({^= id ${kind}}) as exported.`,
    );
  }
  const ids = candidates.map((e) => e.embed.id).join(', ');
  return new ValidationError(
    `${holes === 1 ? `${placeholder} has` : `${holes} ${placeholder} placeholders have`} no id, and ${candidates.length} ${what}${candidates.length > 1 ? 's' : ''} could be meant: ${ids}.`,
    `Write the id of ${holes === 1 ? 'the object you mean' : 'each'} as exported, e.g. {^= ${candidates[0]!.embed.id} ${candidates[0]!.embed.kind}}.`,
  );
}

/** A paragraph's text without its objects. */
function placeOf(p: ParagraphBlock): string {
  return p.inlines
    .map((x) => (x.type === 'text' ? x.text : ''))
    .join('')
    .trim();
}

function forEachParagraph(doc: MebdfDocument, f: (p: ParagraphBlock) => void): void {
  const visit = (blocks: Block[]): void => {
    for (const b of blocks) {
      if (b.type === 'paragraph') f(b);
      else for (const row of b.rows) for (const cell of row) visit(cell.blocks);
    }
  };
  visit(doc.blocks);
  for (const blocks of Object.values(doc.footnotes)) visit(blocks);
}

/** `doc` with every embed replaced by `f(embed)`, in document order (blocks, then footnotes). */
function mapEmbeds(doc: MebdfDocument, f: (x: EmbedInline) => EmbedInline): MebdfDocument {
  const inlines = (xs: Inline[]): Inline[] => xs.map((x) => (x.type === 'embed' ? f(x) : x));
  const blocks = (bs: Block[]): Block[] =>
    bs.map(
      (b): Block =>
        b.type === 'paragraph'
          ? { ...b, inlines: inlines(b.inlines) }
          : {
              ...b,
              rows: b.rows.map((row) =>
                row.map((cell) => ({ ...cell, blocks: blocks(cell.blocks) as ParagraphBlock[] })),
              ),
            },
    );
  const footnotes: Record<string, ParagraphBlock[]> = {};
  const mapped = blocks(doc.blocks);
  for (const [label, bs] of Object.entries(doc.footnotes)) footnotes[label] = blocks(bs) as ParagraphBlock[];
  return { ...doc, blocks: mapped, footnotes };
}
