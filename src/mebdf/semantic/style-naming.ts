/**
 * The writer's style names (grammar §7 "Style names"): a property list the text repeats is named
 * once at the top, `{!s6uc3 = align:false, space-before:12pt, size:14pt, color:#3b006f}`, and
 * written `{!s6uc3}` wherever it stands whole — a block directive, a heading state, a paragraph's
 * own directive, a span, the properties of an empty paragraph. A list gets a name only where that
 * makes the text shorter by a fair margin, so a text whose styles do not repeat is written as
 * before, and short lists such as `bold` stay readable words. A name is made from its list (`s` and four letters or digits of
 * a hash of it), not numbered: the same list has the same name in every export, of any section,
 * before and after any edit, so a name never changes its meaning between two texts — a three-way
 * merge of texts (docs/service/three-way-merge.ts) can take one side's paragraph into the other's
 * text, and a model can reuse a name it saw in another section.
 *
 * It works on the finished tree (from-model.ts), which holds every property list the writer
 * wrote: names are spelling only, and the reader expands them back (to-model.ts), so the model,
 * and what the shortest-path choices of the writer decided, stay as they were.
 */
import type { Nodes, Root, RootContent } from 'mdast';
import type { MebdfDirective, MebdfRaw, MebdfSpan } from '../mdast/nodes.js';
import { STRUCTURAL_DIRECTIVES } from '../props.js';
import { definitionProps, type StyleNames } from '../style-names.js';

/** Lists shorter than this stay as they are: a name would save little and hide a plain word. */
const MIN_LIST = 20;
/** A name must save at least this many characters over the whole text, its definition paid. */
const MIN_SAVING = 24;

/**
 * Comment and suggestion markers stay spelt out: they name one comment or suggestion each, and the
 * services find them in the text before any parse (docs/service/comment-markers.ts).
 */
const MARKER = /\b(?:comment|suggest)\s*:/;

/** Where a property list stands: the node, and the part of its text that the list is. */
interface Site {
  node: MebdfDirective | MebdfSpan | MebdfRaw;
  list: string;
  /** What comes before the list in the node's props (`empty, `), kept when it is named. */
  head: string;
}

/**
 * Names the repeated property lists of `root` in place: definitions go first in the root, and
 * every list that has a name is written as it. Returns the names (none when none pays), for the
 * states of the pieces after the definitions.
 */
export function nameRepeatedStyles(root: Root): StyleNames {
  const sites: Site[] = [];
  for (const child of root.children) collect(child, sites);
  const counts = new Map<string, number>();
  for (const site of sites) counts.set(site.list, (counts.get(site.list) ?? 0) + 1);
  const chosen: string[] = [];
  for (const [list, count] of counts) if (pays(list, count, 's0000')) chosen.push(list);
  const names: Record<string, string> = {};
  if (chosen.length === 0) return names;
  const nameOf = nameLists(chosen);
  for (const site of sites) {
    const name = nameOf.get(site.list);
    if (name === undefined) continue;
    if (site.node.type === 'mebdfRaw') site.node.value = `{!${site.head}${name}}`;
    else site.node.props = `${site.head}${name}`;
  }
  const definitions: RootContent[] = chosen.map((list) => {
    const name = nameOf.get(list)!;
    names[name] = list;
    return { type: 'mebdfDirective', props: definitionProps(name, list) };
  });
  root.children.unshift(...definitions);
  return names;
}

/**
 * A name for each list, from its hash: four base-36 digits, or six for lists whose four collide
 * in this text (then the names of those lists are their six-digit ones wherever they collide).
 */
function nameLists(lists: readonly string[]): Map<string, string> {
  const hashes = new Map(lists.map((list) => [list, fnv1a(list)]));
  const short = (list: string): string => `s${(hashes.get(list)! % 36 ** 4).toString(36).padStart(4, '0')}`;
  const long = (list: string): string => `s${(hashes.get(list)! % 36 ** 6).toString(36).padStart(6, '0')}`;
  const taken = new Map<string, number>();
  for (const list of lists) taken.set(short(list), (taken.get(short(list)) ?? 0) + 1);
  const out = new Map<string, string>();
  const used = new Set<string>();
  for (const [i, list] of lists.entries()) {
    let name = taken.get(short(list))! > 1 ? long(list) : short(list);
    // Six digits that collide too (about one text in a billion): the order of first use decides.
    if (used.has(name)) name = `${name}x${i}`;
    used.add(name);
    out.set(list, name);
  }
  return out;
}

/** FNV-1a over the UTF-16 code units of `text`: 32 bits, the same on every machine. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** Whether naming `list`, written `count` times, saves enough with a name as long as `name`. */
function pays(list: string, count: number, name: string): boolean {
  if (list.length < MIN_LIST || count < 2 || MARKER.test(list)) return false;
  const definition = `{!${definitionProps(name, list)}}\n`.length;
  return count * (list.length - name.length) - definition >= MIN_SAVING;
}

/** The property lists under `node`, in text order. */
function collect(node: Nodes, sites: Site[]): void {
  switch (node.type) {
    case 'mebdfDirective': {
      const site = directiveSite(node);
      if (site) sites.push(site);
      return;
    }
    case 'mebdfSpan':
      // A span's list may hold a name (text properties); its content may hold more lists.
      sites.push({ node, list: node.props, head: '' });
      break;
    case 'mebdfRaw': {
      // A paragraph's own directive `{!…}`, but not a GFM cell's merge (`{!colspan:2, …}`).
      const own = /^\{!([^}]*)\}$/.exec(node.value);
      if (own && !/\b(?:colspan|rowspan)\b/.test(own[1]!)) sites.push({ node, list: own[1]!, head: '' });
      return;
    }
  }
  if ('children' in node) for (const child of node.children as Nodes[]) collect(child, sites);
}

/** A state directive's list, a heading state's (after its `#`s), or the properties after `empty, `. */
function directiveSite(node: MebdfDirective): Site | undefined {
  const props = node.props;
  if (props === '') return undefined;
  const hashes = /^#+ /.exec(props)?.[0];
  if (hashes) return { node, list: props.slice(hashes.length), head: hashes };
  if (props.startsWith('#')) return undefined;
  const first = props.split(/[,:]/)[0]!.trim();
  if (first === 'empty') {
    const comma = props.indexOf(',');
    if (comma < 0) return undefined;
    const head = `${props.slice(0, comma + 1)} `;
    return { node, list: props.slice(head.length), head };
  }
  if (STRUCTURAL_DIRECTIVES.includes(first)) return undefined;
  return { node, list: props, head: '' };
}
