/**
 * The formatting vocabulary of the tool contract, owned by the pure styles core: a StyleDefinition
 * (what extract_styles returns and apply_styles takes) and the values normalize_formatting takes.
 * The service contract builds its parameters and results from these.
 */

/** One named style's look, every value a canonical string ('Arial', '11pt', 'bold', '1.15') or null. */
export interface StyleDefinition {
  element_type: string;
  font_family: string | null;
  font_size: string | null;
  font_weight: string | null;
  text_color: string | null;
  line_spacing: string | null;
  space_before: string | null;
  space_after: string | null;
}

/** normalize_formatting's formatting values; at least one is required. */
export interface NormalizeValues {
  body_font?: string;
  body_size?: string;
  heading_font?: string;
  line_spacing?: string;
  space_after?: string;
}
