import { describe, expect, it } from 'vitest';
import { applyFieldMask, FieldMaskError, maskMentions, parseFieldMask } from '../../src/emulator/fields.js';

const file = {
  id: 'a',
  name: 'Doc',
  owners: [{ emailAddress: 'x@y', displayName: 'X', me: true }],
  capabilities: { canEdit: true, canComment: false },
};

describe('field masks', () => {
  it('keeps top-level fields only', () => {
    expect(applyFieldMask(file, parseFieldMask('id, name'))).toEqual({ id: 'a', name: 'Doc' });
  });

  it('masks nested objects and arrays element by element', () => {
    const mask = parseFieldMask('nextPageToken,files(id,owners(emailAddress),capabilities/canEdit)');
    const out = applyFieldMask({ nextPageToken: 't', kind: 'k', files: [file, file] }, mask);
    expect(out).toEqual({
      nextPageToken: 't',
      files: [
        { id: 'a', owners: [{ emailAddress: 'x@y' }], capabilities: { canEdit: true } },
        { id: 'a', owners: [{ emailAddress: 'x@y' }], capabilities: { canEdit: true } },
      ],
    });
  });

  it('merges repeated paths and honours *', () => {
    expect(applyFieldMask(file, parseFieldMask('capabilities/canEdit,capabilities/canComment'))).toEqual({
      capabilities: { canEdit: true, canComment: false },
    });
    expect(applyFieldMask({ files: [file] }, parseFieldMask('files(*)'))).toEqual({ files: [file] });
  });

  it('leaves out fields the value does not have', () => {
    expect(applyFieldMask(file, parseFieldMask('id,missing'))).toEqual({ id: 'a' });
  });

  it('rejects unbalanced or empty selections', () => {
    expect(() => parseFieldMask('files(id')).toThrow(FieldMaskError);
    expect(() => parseFieldMask('id,,name')).toThrow(FieldMaskError);
    expect(() => parseFieldMask('id)')).toThrow(FieldMaskError);
  });

  it('says when a mask names a top-level field', () => {
    expect(maskMentions(parseFieldMask('title,tabs(tabProperties)'), 'tabs')).toBe(true);
    expect(maskMentions(parseFieldMask('title,body'), 'tabs')).toBe(false);
  });
});
