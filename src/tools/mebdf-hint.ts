/** The one-line MEBDF reminder every export/import tool description ends with. */
export const MEBDF_REMINDER =
  'MEBDF = Markdown + `{!color:#cc0000, underline}text{/!}` inline formatting (alone on a line: a block directive for the following paragraphs), `## {^ h.id}Heading` anchors (shown on headings a link points to; keep them), and `{^= kix.id image "caption"}` placeholders for images, charts, chips and breaks (keep each where it is to keep the object; deleting one deletes it). Full grammar and a cheat sheet: the resource gdoc://mebdf/grammar.';
