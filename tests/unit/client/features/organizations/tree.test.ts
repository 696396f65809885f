// The move choice of the organisation page: never the node itself, one of its descendants or where it
// already is; a college stays at the top. Indented options for organisation selects.
import { describe, expect, it } from 'vitest';
import type { OrganizationNode } from '../../../../../src/shared/auth/schema.ts';
import { flattenTree, organizationOptions } from '../../../../../src/shared/organizations/tree.ts';
import { subtreeIds, validParents } from '../../../../../src/client/features/organizations/tree.ts';

const node = (id: number, parent: number | null, children: OrganizationNode[] = []): OrganizationNode => ({
  id,
  parent_id: parent,
  name: `N${id}`,
  code: `C${id}`,
  kind: parent === null ? 'college' : 'department',
  sort: 0,
  enabled: true,
  children,
});

const grandchild = node(4, 3);
const child = node(3, 2, [grandchild]);
const department = node(2, 1, [child]);
const sibling = node(5, 1);
const college = node(1, null, [department, sibling]);
const other = node(6, null, [node(7, 6)]);
const tree = [college, other];

describe('organisation tree helpers', () => {
  it('lists parents before their children with their depth', () => {
    expect(flattenTree(tree).map(({ node: n, depth }) => [n.id, depth])).toEqual([
      [1, 0],
      [2, 1],
      [3, 2],
      [4, 3],
      [5, 1],
      [6, 0],
      [7, 1],
    ]);
    expect(organizationOptions([college])[2]).toEqual({ value: '3', label: '\u3000\u3000N3' });
  });

  it('offers every node outside the subtree and other than the current parent', () => {
    expect([...subtreeIds(department)].sort()).toEqual([2, 3, 4]);
    expect(validParents(tree, department).map((entry) => entry.node.id)).toEqual([5, 6, 7]);
    expect(validParents(tree, grandchild).map((entry) => entry.node.id)).toEqual([1, 2, 5, 6, 7]);
  });

  it('offers nothing for a college', () => {
    expect(validParents(tree, college)).toEqual([]);
  });
});
