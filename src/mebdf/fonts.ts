/**
 * Font families Google Docs offers, for canonical spelling and for a warning on a family it may
 * not have (Docs stores any family name it is given but shows text in Arial when it has no such
 * font, without a word). The list is the Docs font menu's defaults, the families found in real
 * documents, and widely used Google Fonts; Docs offers many more, so an unknown family is only a
 * warning, never an error.
 */

const FAMILIES: readonly string[] = [
  // The Docs font menu's defaults and system families Docs renders.
  'Amatic SC',
  'Arial',
  'Arial Black',
  'Arial Narrow',
  'Calibri',
  'Cambria',
  'Caveat',
  'Century Gothic',
  'Comfortaa',
  'Comic Sans MS',
  'Consolas',
  'Courier New',
  'EB Garamond',
  'Garamond',
  'Georgia',
  'Impact',
  'Lexend',
  'Lobster',
  'Lora',
  'Merriweather',
  'Montserrat',
  'Nunito',
  'Oswald',
  'Pacifico',
  'Playfair Display',
  'Proxima Nova',
  'Roboto',
  'Roboto Mono',
  'Roboto Serif',
  'Roboto Condensed',
  'Roboto Slab',
  'Spectral',
  'Tahoma',
  'Times New Roman',
  'Trebuchet MS',
  'Verdana',
  // Widely used Google Fonts.
  'Alegreya',
  'Anton',
  'Archivo',
  'Arimo',
  'Barlow',
  'Bebas Neue',
  'Bitter',
  'Cabin',
  'Cardo',
  'Crimson Text',
  'Dancing Script',
  'DM Sans',
  'DM Serif Display',
  'Dosis',
  'Fira Code',
  'Fira Sans',
  'Heebo',
  'Hind',
  'IBM Plex Mono',
  'IBM Plex Sans',
  'IBM Plex Serif',
  'Inconsolata',
  'Inter',
  'Josefin Sans',
  'Kanit',
  'Karla',
  'Lato',
  'Libre Baskerville',
  'Libre Franklin',
  'Manrope',
  'Mukta',
  'Mulish',
  'Noto Sans',
  'Noto Sans Symbols',
  'Noto Serif',
  'Old Standard TT',
  'Open Sans',
  'Oxygen',
  'PT Sans',
  'PT Serif',
  'Poppins',
  'Quicksand',
  'Raleway',
  'Rubik',
  'Source Code Pro',
  'Source Sans Pro',
  'Source Serif Pro',
  'Space Grotesk',
  'Space Mono',
  'Ubuntu',
  'Ubuntu Mono',
  'Work Sans',
];

const BY_FOLDED = new Map(FAMILIES.map((family) => [fold(family), family]));

/** Case and spacing do not tell two families apart: `roboto mono` is `Roboto Mono`. */
function fold(family: string): string {
  return family.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A family in CSS's quotes (`"Open Sans"`, `'Open Sans'`): no Docs family has a quote in its name. */
const QUOTED = /^\s*(["'])(.*)\1\s*$/;

/** The family as Docs spells it, and whether it is one Docs is known to offer. */
export function canonicalFont(written: string): { family: string; known: boolean } {
  const family = written.replace(QUOTED, '$2');
  const known = BY_FOLDED.get(fold(family));
  return known === undefined ? { family: family.trim(), known: false } : { family: known, known: true };
}

export const KNOWN_FONTS: readonly string[] = FAMILIES;
