/** The CLI vocabulary: every tool term in an error becomes the flag or command a person types. */
import { describe, expect, it } from 'vitest';
import { inCliTerms } from '../../src/cli/vocabulary.js';

describe('inCliTerms', () => {
  it.each([
    [
      'Call get_metadata to list the tabs, then pass tab_id.',
      'Run `gdoc info DOC` to list the tabs, then pass --tab.',
    ],
    ['Call get_hierarchy to see the anchors.', 'Run `gdoc outline DOC` to see the anchors.'],
    [
      'Confirm with the user, then call again with allow_deletions: true.',
      'Confirm with the user, then call again with --allow-deletions.',
    ],
    ['Use dry_run: true first.', 'Use --dry-run first.'],
    [
      'Pass anchor_id (get_hierarchy lists them), or position "end".',
      'Pass --section (`gdoc outline DOC` lists them), or --end.',
    ],
    [
      'Pass position "after" with anchor_id "" to put it after the preamble.',
      'Pass --after with --section "" to put it after the preamble.',
    ],
    [
      'Pass the `base` value exactly as an export returned it.',
      'Pass the --base value exactly as an export returned it.',
    ],
    [
      'Read it again (export_tab), redo your edit, and import with the `base` that read returns.',
      'Read it again (`gdoc export DOC`), redo your edit, and import with the --base that read returns (`gdoc export DOC -o FILE` keeps it beside FILE).',
    ],
    [
      'import it with import_section, or use import_tab.',
      'import it with `gdoc import DOC FILE --section`, or use `gdoc import DOC FILE`.',
    ],
  ])('%s', (mcp, cli) => {
    expect(inCliTerms(mcp)).toBe(cli);
  });

  it('leaves plain words alone', () => {
    expect(inCliTerms('The base of the tab and the section anchor.')).toBe(
      'The base of the tab and the section anchor.',
    );
  });
});
