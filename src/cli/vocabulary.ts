/**
 * Errors speak the tools' language (parameters `tab_id`, `allow_deletions`, tools `get_hierarchy`,
 * …), because the core is shared by the MCP server and the CLI. At the CLI edge this one table
 * turns those words into what a person types: flags and commands. Pure; applied to every error's
 * message and suggestion before it is printed (stderr, and `--json` output).
 */

/** Tool term → CLI term, most specific first. */
export const CLI_VOCABULARY: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bCall get_hierarchy to see\b/g, 'Run `gdoc outline DOC` to see'],
  [/\bCall get_metadata to list\b/g, 'Run `gdoc info DOC` to list'],
  [/\bget_hierarchy\b/g, '`gdoc outline DOC`'],
  [/\bget_metadata\b/g, '`gdoc info DOC`'],
  [/\blist_documents\b/g, '`gdoc ls`'],
  [/\bexport_section\b/g, '`gdoc export DOC --section`'],
  [/\bimport_section\b/g, '`gdoc import DOC FILE --section`'],
  [/\bexport_tab\b/g, '`gdoc export DOC`'],
  [/\bimport_tab\b/g, '`gdoc import DOC FILE`'],
  [/\bextract_styles\b/g, '`gdoc styles extract`'],
  [/\bapply_styles\b/g, '`gdoc styles apply`'],
  [/\bfind_in_document\b/g, '`gdoc find`'],
  [/\binsert_section\b/g, '`gdoc insert`'],
  [/\bdelete_section\b/g, '`gdoc delete`'],
  [/\bmove_section\b/g, '`gdoc move`'],
  [/\bmanage_tabs\b/g, '`gdoc tab`'],
  [/\bexport_header_footer\b/g, '`gdoc header export` (or footer)'],
  [/\bimport_header_footer\b/g, '`gdoc header import` (or footer)'],
  [/\bdelete_header_footer\b/g, '`gdoc header delete` (or footer)'],
  [/\blist_comments\b/g, '`gdoc comments list DOC`'],
  [/\bpass occurrence\b/g, 'pass --occurrence'],
  [/\ballow_deletions(?:: true)?/g, '--allow-deletions'],
  [/\bdry_run(?:: true)?/g, '--dry-run'],
  [/\bparent_tab_id\b/g, '--parent'],
  [/\bto_anchor_id\b/g, '--before/--after ANCHOR'],
  [/\btab_id\b/g, '--tab'],
  [/\banchor_id\b/g, '--section'],
  [/\bposition "(after|before)"/g, '--$1'],
  [/\bposition "end"/g, '--end'],
  // A file exported with -o keeps its read's base beside it: the next import finds it there.
  [
    /the `base` that read returns/g,
    'the --base that read returns (`gdoc export DOC -o FILE` keeps it beside FILE)',
  ],
  [/`base`/g, '--base'],
];

/** `text` with the tools' terms replaced by the CLI's. */
export function inCliTerms(text: string): string {
  return CLI_VOCABULARY.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}
