/** Every tab of a document's tab list, nested ones after their parent. Ground level. */
import type { Tab } from './docs-json.js';

export function* allTabs(tabs: readonly Tab[] | null | undefined): Generator<Tab> {
  for (const tab of tabs ?? []) {
    yield tab;
    yield* allTabs(tab.childTabs);
  }
}
