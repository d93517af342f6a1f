/**
 * The parameters and results of the use cases, as the tool contract names them (snake_case on
 * the wire). Tools (src/tools) and CLI commands map onto these one-to-one; the service modules
 * (export.ts, import.ts, navigation.ts, formatting.ts) implement them over a `Backend`.
 */
import type { NormalizeValues, StyleDefinition } from '../styles/definitions.js';

export interface TabTarget {
  document_id: string;
  /** Empty or absent for a single-tab document; required when the document has several tabs. */
  tab_id?: string;
}

export interface SectionTarget extends TabTarget {
  /** A heading's anchor from get_hierarchy; `""` is the preamble. */
  anchor_id: string;
}

export interface ExportResult {
  success: true;
  content: string;
  tab_id: string;
  anchor_id?: string;
  warnings: string[];
  revision_id: string;
  /** Opaque: where the content came from and a digest of it; pass to an import. */
  base: string;
  estimated_tokens: number;
  /** Present when the target is above the read limit and `content` is only this part of it. */
  part?: PartInfo;
}

/** A part of a target too large for one read (the size policy, export-size.ts). */
export interface PartInfo {
  /** From 1. */
  index: number;
  count: number;
  /** The blocks of the target's text this part holds: [from_block, to_block). */
  from_block: number;
  to_block: number;
  total_estimated_tokens: number;
  /** Says that this is a part and how to read the rest. */
  notice: string;
  /** The target's headings with their anchors and parts. */
  outline: string;
}

export interface ImportOptions {
  dry_run?: boolean;
  allow_deletions?: boolean;
  /**
   * `base` from the export the edit started from: edits made since are merged or refused. Absent:
   * the target's last read through this server (a BaseStore) stands in for it.
   */
  base?: string;
  /**
   * The base the content's file names (the CLI's sidecar, `.FILE.gdoc-base`), when no `base` was
   * passed. Taken as `base` is, unless a later read of the target holds every change made since it
   * and the content is closer to that read: the file was exported over (`gdoc export > FILE`)
   * after the import that wrote its sidecar, and it is that export the content was edited from.
   */
  file_base?: string;
  /**
   * What this caller last wrote to the target (the `base` that import returned; an MCP
   * connection's, tools/import-session.ts), when no `base` was passed. Without a file's base the
   * import takes the read most like the content; among reads equally like it, this one: the
   * caller's own earlier edit is no one else's, so editing the same words again is no clash.
   */
  last_write?: string;
  /** `suggest`: the same requests written as suggestions (`writeMode: SUGGEST`); `edit` (default): direct edits. */
  mode?: 'edit' | 'suggest';
}

export interface NewHeading {
  anchor_id: string;
  level: number;
  text: string;
}

export interface ImportResult {
  success: true;
  tab_id: string;
  anchor_id?: string;
  preserved_objects: string[];
  warnings: string[];
  /** The revision after the write (the current one for a dry run or a no-op). */
  revision_id: string;
  /** After a write: the base for the next import of the same content (absent for a dry run). */
  base?: string;
  /** The batchUpdate requests sent (or, for a dry run, planned). */
  requests: unknown[];
  new_headings: NewHeading[];
  dry_run: boolean;
  /** Dry run only: a readable diff of old and new content, and the content the tab/section would have. */
  diff?: string;
  result_content?: string;
  /** Suggest mode: the suggestions the write created (planned, for a dry run: none yet). */
  suggestion_ids?: string[];
}

export interface HeadingInfo {
  anchor_id: string;
  level: number;
  text: string;
}

export interface HierarchyResult {
  success: true;
  tab_id: string;
  headings: HeadingInfo[];
  markdown: string;
  /** Present when the outline was cut to the read limit: what is left out and how to see it. */
  note?: string;
}

export interface TabInfo {
  tab_id: string;
  title: string;
  /** Position within its parent, 0-based. */
  index: number;
  parent_tab_id: string | null;
  nesting_level: number;
}

export interface MetadataResult {
  success: true;
  document_id: string;
  title: string;
  tabs: TabInfo[];
  can_edit: boolean;
  can_comment: boolean;
  revision_id: string;
}

export interface NormalizeParams extends TabTarget, NormalizeValues {
  dry_run?: boolean;
}

export interface StyleChangeResult {
  success: true;
  changes_made: number;
  warnings: string[];
  revision_id: string;
  dry_run: boolean;
  /** The tab that was (or would be) changed. */
  tab_id?: string;
  /** Readable lines: what changed (for a dry run, what would change). */
  summary?: string[];
  /** The batchUpdate requests sent (or, for a dry run, planned). */
  requests?: unknown[];
}

export interface ApplyStylesOptions {
  dry_run?: boolean;
}

export interface ExtractStylesResult {
  success: true;
  styles: StyleDefinition[];
  source_document_id: string;
  /** The tab the styles were read from. */
  tab_id?: string;
}
