/** Shared helpers of the styles tests: the real documents, in the tabs shape. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Document } from '../../src/ground/docs-json.js';

const REAL = join(import.meta.dirname, '..', 'fixtures', 'real');

export const DOCS = {
  contract: 'think41__extrasuite__18WZe578kHC0DP4Q1c-hhs15VWUJlFYNMvSwtzk-Wgbo.json',
  simple: 'think41__extrasuite__1vL8dY0Ok__9VaUIqhBCMeElS5QdaKZfbgr_YCja5kx0.json',
  encoda: 'stencila__encoda__test-fixture-1.json',
  encoda2: 'stencila__encoda__test-fixture-2.json',
  specialChars: 'cedricdelpoux__gatsby-source-google-docs__special-chars.json',
  codes: 'cedricdelpoux__gatsby-source-google-docs__codes.json',
  footnotes: 'cedricdelpoux__gatsby-source-google-docs__footnotes.json',
  images: 'cedricdelpoux__gatsby-source-google-docs__images.json',
  markdownSingle: 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Single-Tab.json',
  multiTab: 'markkohdev__google-docs-markdown__Markdown_Conversion_Example_-_Multi-Tab.json',
  fresh: 'think41__extrasuite__1YicNYwId9u4okuK4uNfWdTEuKyS1QWb1RcnZl9eVyTc.json',
  tables: 'cedricdelpoux__gatsby-source-google-docs__tables.json',
} as const;

export function loadReal(name: string): Document {
  return JSON.parse(readFileSync(join(REAL, name), 'utf8')) as Document;
}
