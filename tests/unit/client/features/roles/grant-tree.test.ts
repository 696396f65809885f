// The grant tree's tri-state: a group is checked when all its pages are, indeterminate when some are;
// checking a group grants every page under it, and the group itself is never sent as a grant.
import { describe, expect, it } from 'vitest';
import type { GrantTreeNode } from '../../../../../src/shared/roles/schema.ts';
import { checkState, pageIds, toggle } from '../../../../../src/client/features/roles/grant-tree.ts';

const node = (id: number, isGroup: boolean, children: GrantTreeNode[] = []): GrantTreeNode => ({
  id,
  name: `M${id}`,
  title: `菜单${id}`,
  system: 1,
  hidden: false,
  is_group: isGroup,
  module_key: null,
  apis: [],
  children,
});

// 1 (group) ─ 2 (page) ─ 3 (page, child of a page)
//           └ 4 (group) ─ 5 (page)
const tree = node(1, true, [node(2, false, [node(3, false)]), node(4, true, [node(5, false)])]);

describe('grant tree', () => {
  it('collects the pages under a node, groups left out', () => {
    expect(pageIds(tree).sort()).toEqual([2, 3, 5]);
    expect(pageIds(node(9, true))).toEqual([]);
  });

  it('marks a group checked, indeterminate or unchecked from its pages', () => {
    expect(checkState(tree, new Set())).toEqual({ checked: false, indeterminate: false });
    expect(checkState(tree, new Set([2]))).toEqual({ checked: false, indeterminate: true });
    expect(checkState(tree, new Set([2, 3, 5]))).toEqual({ checked: true, indeterminate: false });
    // An empty group is never shown checked.
    expect(checkState(node(9, true), new Set([9]))).toEqual({ checked: false, indeterminate: false });
  });

  it('checks and unchecks a whole branch without touching the rest', () => {
    const on = toggle(tree, new Set([42]), true);
    expect([...on].sort((a, b) => a - b)).toEqual([2, 3, 5, 42]);
    const off = toggle(tree.children[1]!, on, false);
    expect([...off].sort((a, b) => a - b)).toEqual([2, 3, 42]);
    expect(checkState(tree, off).indeterminate).toBe(true);
  });
});
