/**
 * The resource `gdoc://mebdf/grammar`: a one-screen cheat sheet of the MEBDF a model meets when it
 * edits an export, followed by the normative grammar, grammar/README.md, which ships in the
 * package (package.json `files`) at the same place relative to src/ and dist/.
 */
import { readFile } from 'node:fs/promises';

export const GRAMMAR_URI = 'gdoc://mebdf/grammar';

const GRAMMAR_FILE = new URL('../../grammar/README.md', import.meta.url);

export const MEBDF_CHEAT_SHEET = `# MEBDF cheat sheet

MEBDF is Markdown (CommonMark + GFM tables, strikethrough, task lists, footnotes) plus two
bracket families. Edit the text freely; keep the brackets you did not mean to change.

| You see | It means | When editing |
| --- | --- | --- |
| \`## {^ h.abc123}Risks\` | a heading and its anchor, shown where a link points to the heading (\`anchors: "all"\` shows every one) | keep the \`{^ id}\`; a heading line without one keeps its heading's id; a new heading needs none |
| \`{^= kix.x1 image "Logo"}\` | an image, chart, chip, break… (kind after the id) | keep it where it is to keep the object; deleting it deletes the object |
| \`{!color:#cc0000, underline}text{/!}\` | formatting of the wrapped text | spans nest and close innermost first |
| \`{!Heading 2}\` or \`{!align:center}\` alone on a line | style of the following paragraphs | stays in force until the next such line |
| \`{!## space-after:4pt, size:14pt}\` alone on a line | the style of the level-2 headings (\`## …\`) that follow, instead of the body's | stays in force until the next \`{!## …}\`, which lists all of it again |
| \`{!align:center}Total\`, \`## {^ h.x}{!space-after:4pt}Risks\`, \`\\| {!align:right}42 \\|\` (no \`{/!}\`) | style of this paragraph or table cell alone | the next paragraph is back in the style of the lines before |
| \`\\| {!colspan:2}**May** \\| \\|\`, \`\\| {!Heading 2}Area \\|\` | a merged cell (the cell it covers follows, empty) or a heading cell of a pipe table | keep the cells a merge covers |
| \`{!}\` (or \`{!empty}\`), \`{!empty, space-after:0pt}\` | an empty paragraph (its own style, if any, is for it alone) | delete the line to delete the paragraph |
| \`{!s1 = size:14pt, color:#3b006f}\` at the top, then \`{!s1}\` | a style name: \`s1\` anywhere in a \`{!…}\` reads as its property list | reuse it for text of that style; a new name may be defined the same way |
| \`{!table}\` … \`{!row}\` … \`{!cell}\` … \`{!end-table}\` | a table that Markdown pipes cannot show (merged cells, lists in cells); \`{!cells:3}\` is three empty \`{!cell}\`s | every row keeps the same number of cells; a cell starts in the style of the cell above it |
| \`{^}\` | asks for a new anchor (a named range) | the import's answer gives its id |
| \`{^= person "ada@example.com"}\`, \`{^= date "2026-11-24"}\`, \`{^= richlink "https://docs.google.com/…"}\` | a new person, date or rich-link chip (no id: the caption is its value) | the import creates it; it reads back with its id |
| \`text[^n]\` + \`[^n]: Note.\` | a footnote (exported labels are Docs' numbers) | a new label creates a footnote; keep existing ones where they are |
| \`[text](#^h.abc123)\` | a link to a heading, bookmark or tab | keep the target id |
| \`\\{!\` \`\\{/!}\` \`\\{^\` | literal text that would otherwise open MEBDF | any other \`{\` needs no escape |

Properties: named styles \`Normal text\`, \`Title\`, \`Subtitle\`, \`Heading 1\`…\`Heading 6\`
(block directives only); text \`bold\`, \`italic\`, \`strikethrough\`, \`underline\`, \`smallcaps\`,
\`sup\`, \`sub\`, \`mono\`, \`font:Roboto\`, \`weight:Bold\`, \`size:11pt\`, \`color:#rrggbb\`,
\`highlight:#rrggbb\`; paragraph \`align:center\`, \`indent-left:36pt\`, \`first-line-indent\`,
\`line-spacing:1.15\`, \`space-before:6pt\`, \`space-after\`. \`name:false\` turns a switch off
or removes a value (\`{!align:false}\` ends the alignment of the following paragraphs).
Errors name the line, the column and the fix; \`gdoc lint\` checks a file.

---

`;

let grammar: Promise<string> | undefined;

/** The cheat sheet and the grammar, read once per process. */
export function readGrammar(): Promise<string> {
  grammar ??= readFile(GRAMMAR_FILE, 'utf8').then((text) => MEBDF_CHEAT_SHEET + text);
  return grammar;
}
