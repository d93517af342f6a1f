/**
 * What new paragraphs do about bullets, decided as data before any request: keep the inherited
 * bullet, drop it, get their own (with tabs for levels), or wait for their list to be re-bulleted.
 */
import { describe, expect, it } from 'vitest';
import { bulletPlan } from '../../src/docs/import/paragraph-insert.js';
import type { Inherited } from '../../src/docs/import/paragraphs.js';
import type { ListMembership, ParagraphBlock } from '../../src/mebdf/model.js';

const p = (list?: ListMembership): ParagraphBlock => ({
  type: 'paragraph',
  style: { namedStyle: 'NORMAL_TEXT' },
  inlines: [],
  ...(list ? { list } : {}),
});
const bullet = (key: string, level = 0): ListMembership => ({ key, level, kind: 'bullet' });
const plain: Inherited = { style: { namedStyle: 'NORMAL_TEXT' }, textStyle: null };

describe('bulletPlan', () => {
  it('a new list after plain text: its items get bullets, the nested one by a tab', () => {
    const plan = bulletPlan(new Map(), plain, [p(bullet('n1')), p(bullet('n1', 1))]);
    expect(plan.create).toEqual([true, true]);
    expect(plan.tabs).toEqual([0, 1]);
    expect(plan.drop).toEqual([false, false]);
    expect(plan.nested).toEqual([]);
  });

  it('a sibling of the item it follows keeps the inherited bullet', () => {
    const inh: Inherited = { ...plain, list: bullet('old') };
    const plan = bulletPlan(new Map([['old', new Set(['n1'])]]), inh, [p(bullet('n1'))]);
    expect(plan.create).toEqual([false]);
    expect(plan.drop).toEqual([false]);
  });

  it('plain text after a list item drops the bullet it would inherit', () => {
    const inh: Inherited = { ...plain, list: bullet('old') };
    expect(bulletPlan(new Map([['old', new Set(['n1'])]]), inh, [p()]).drop).toEqual([true]);
  });

  it('items that only nest below an existing list wait for the list to be re-bulleted', () => {
    const inh: Inherited = { ...plain, list: bullet('old') };
    const nestedItem = p(bullet('n1', 1));
    const plan = bulletPlan(new Map([['old', new Set(['n1'])]]), inh, [nestedItem]);
    expect(plan.nested).toEqual([nestedItem]);
    expect(plan.create).toEqual([false]);
    expect(plan.drop).toEqual([false]);
  });
});
