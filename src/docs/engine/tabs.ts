/**
 * Tab requests: addDocumentTab (a fresh body, the document's page size, index shifting),
 * deleteTab (children go too; the last tab cannot), updateDocumentTabProperties (tabId inside
 * tabProperties; masked title/index/iconEmoji, and parentTabId — optional, not output-only, in the
 * discovery document's TabProperties — which moves the tab under another parent, or to the top
 * level when empty; a tab cannot go under itself or its own descendants).
 */
import type { Tab } from '../../ground/docs-json.js';
import { type EngineContext, RequestError } from './context.js';
import { newDocumentTab } from './document.js';
import { allTabs } from './indices.js';
import { isRecord } from './json.js';
import { maskPaths } from './masks.js';

/** Renumber `index` (and `nestingLevel`, omitted at 0) of a sibling list. */
function renumber(tabs: Tab[], parentTabId: string | undefined, level: number): void {
  tabs.forEach((t, i) => {
    t.tabProperties ??= {};
    const p = t.tabProperties;
    p.index = i;
    if (parentTabId) p.parentTabId = parentTabId;
    else delete p.parentTabId;
    if (level > 0) p.nestingLevel = level;
    else delete p.nestingLevel;
    renumber(t.childTabs ?? [], p.tabId ?? undefined, level + 1);
    if (t.childTabs && t.childTabs.length === 0) delete t.childTabs;
  });
}

function siblings(ctx: EngineContext, parentTabId: unknown): { list: Tab[]; parent?: Tab } {
  if (parentTabId === undefined || parentTabId === null || parentTabId === '')
    return { list: ctx.doc.tabs ?? [] };
  const parent = allTabs(ctx.doc).find((t) => t.tabProperties?.tabId === parentTabId);
  if (!parent) throw new RequestError(`The parent tab with ID "${String(parentTabId)}" was not found.`);
  parent.childTabs ??= [];
  return { list: parent.childTabs, parent };
}

function checkEmoji(v: unknown): void {
  if (v === undefined) return;
  if (typeof v !== 'string' || !/^\p{Extended_Pictographic}/u.test(v))
    throw new RequestError('Invalid icon emoji.');
}

/** addDocumentTab `{tabProperties{title?, index?, parentTabId?, iconEmoji?}}`. */
export function addDocumentTab(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  const props = isRecord(req.tabProperties) ? req.tabProperties : {};
  if (props.tabId !== undefined) throw new RequestError('The tab ID is output only and cannot be set.');
  checkEmoji(props.iconEmoji);
  const { list, parent } = siblings(ctx, props.parentTabId);
  const index = typeof props.index === 'number' ? props.index : list.length;
  if (index < 0 || index > list.length) throw new RequestError(`Invalid tab index: ${index}.`);
  const tabId = ctx.ids.tab();
  const title =
    typeof props.title === 'string' && props.title !== ''
      ? props.title
      : `Tab ${allTabs(ctx.doc).length + 1}`;
  const tabProperties: Record<string, unknown> = { tabId, title };
  if (typeof props.iconEmoji === 'string') tabProperties.iconEmoji = props.iconEmoji;
  const first = ctx.doc.tabs?.[0]?.documentTab?.documentStyle;
  const tab: Tab = { tabProperties, documentTab: newDocumentTab(first) };
  list.splice(index, 0, tab);
  renumber(ctx.doc.tabs ?? [], undefined, 0);
  void parent;
  const reply = { ...tab.tabProperties };
  return { addDocumentTab: { tabProperties: reply } };
}

/** deleteTab `{tabId}`: the tab and all its children. */
export function deleteTab(ctx: EngineContext, req: Record<string, unknown>): Record<string, unknown> {
  if (typeof req.tabId !== 'string') throw new RequestError('The tab ID must be set.');
  const tab = ctx.tab(req.tabId);
  const parentId = tab.tabProperties?.parentTabId;
  const { list } = siblings(ctx, parentId);
  if (!parentId && list.length === 1) throw new RequestError('Cannot delete the only tab of a document.');
  list.splice(list.indexOf(tab), 1);
  renumber(ctx.doc.tabs ?? [], undefined, 0);
  return {};
}

/** updateDocumentTabProperties `{tabProperties{tabId, …}, fields}`. */
export function updateDocumentTabProperties(
  ctx: EngineContext,
  req: Record<string, unknown>,
): Record<string, unknown> {
  const props = isRecord(req.tabProperties) ? req.tabProperties : {};
  if (typeof props.tabId !== 'string') throw new RequestError('The tab ID must be set in tabProperties.');
  const tab = ctx.tab(props.tabId);
  const paths = maskPaths(req.fields, 'updateDocumentTabProperties').map((p) => p[0]!);
  const fields = paths.includes('*') ? ['title', 'parentTabId', 'index', 'iconEmoji'] : paths;
  tab.tabProperties ??= {};
  // A new parent first: the index (when also masked) is then a position among the new siblings.
  if (fields.includes('parentTabId'))
    reparent(ctx, tab, props.parentTabId, fields.includes('index') ? props.index : undefined);
  const tp = tab.tabProperties as Record<string, unknown>;
  for (const f of fields) {
    if (f === 'title') {
      if (typeof props.title === 'string') tp.title = props.title;
      else throw new RequestError('The tab title cannot be cleared.');
    } else if (f === 'iconEmoji') {
      checkEmoji(props.iconEmoji);
      if (typeof props.iconEmoji === 'string') tp.iconEmoji = props.iconEmoji;
      else delete tp.iconEmoji;
    } else if (f === 'index' && !fields.includes('parentTabId')) {
      const { list } = siblings(ctx, tab.tabProperties?.parentTabId);
      const to = typeof props.index === 'number' ? props.index : 0;
      if (to < 0 || to >= list.length) throw new RequestError(`Invalid tab index: ${to}.`);
      list.splice(list.indexOf(tab), 1);
      list.splice(to, 0, tab);
      renumber(ctx.doc.tabs ?? [], undefined, 0);
    } else if (f !== 'tabId' && f !== 'index' && f !== 'parentTabId') {
      throw new RequestError(`The field "${f}" cannot be updated.`);
    }
  }
  return {};
}

/** Moves `tab` under `parentTabId` (top level when empty), at `index` or last. */
function reparent(ctx: EngineContext, tab: Tab, parentTabId: unknown, index: unknown): void {
  const id = tab.tabProperties?.tabId;
  if (parentTabId !== undefined && parentTabId !== null && parentTabId !== '') {
    if (typeof parentTabId !== 'string') throw new RequestError('The parent tab ID must be a string.');
    const inside = [tab, ...allTabs({ tabs: tab.childTabs ?? [] })];
    if (inside.some((t) => t.tabProperties?.tabId === parentTabId))
      throw new RequestError(`The tab "${String(id)}" cannot be nested under itself or its own child tab.`);
  }
  const from = siblings(ctx, tab.tabProperties?.parentTabId);
  const to = siblings(ctx, parentTabId);
  const fromIndex = from.list.indexOf(tab);
  from.list.splice(fromIndex, 1);
  const at = typeof index === 'number' ? index : to.list.length;
  if (at < 0 || at > to.list.length) {
    from.list.splice(fromIndex, 0, tab);
    throw new RequestError(`Invalid tab index: ${at}.`);
  }
  to.list.splice(at, 0, tab);
  renumber(ctx.doc.tabs ?? [], undefined, 0);
}
