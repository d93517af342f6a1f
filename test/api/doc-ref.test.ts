/** Docs URLs as document references: the id, and the tab and heading they name. */
import { describe, expect, it } from 'vitest';
import { parseDocRef, withRef } from '../../src/docs/doc-ref.js';

const ID = '1AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-xyz';

describe('parseDocRef', () => {
  it('reads the id, ?tab= and #heading= of a Docs URL', () => {
    expect(
      parseDocRef(`https://docs.google.com/document/d/${ID}/edit?tab=t.abc123#heading=h.xyz789`),
    ).toEqual({
      documentId: ID,
      tabId: 't.abc123',
      anchorId: 'h.xyz789',
    });
    expect(parseDocRef(`https://docs.google.com/document/u/1/d/${ID}/edit`)).toEqual({ documentId: ID });
  });

  it('takes anything else as an id', () => {
    expect(parseDocRef(`  ${ID} `)).toEqual({ documentId: ID });
    expect(parseDocRef('notes')).toEqual({ documentId: 'notes' });
  });
});

describe('withRef', () => {
  const url = `https://docs.google.com/document/d/${ID}/edit?tab=t.abc#heading=h.one`;
  it('fills in what the call leaves out', () => {
    expect(withRef(url, undefined)).toEqual({ document_id: ID, tab_id: 't.abc', anchor_id: 'h.one' });
    expect(withRef(url, '', undefined)).toEqual({ document_id: ID, tab_id: 't.abc', anchor_id: 'h.one' });
  });
  it('lets the call win, an explicit "" anchor (the preamble) included', () => {
    expect(withRef(url, 't.other', '')).toEqual({ document_id: ID, tab_id: 't.other', anchor_id: '' });
    expect(withRef(ID, undefined)).toEqual({ document_id: ID });
  });
});
