// Where a node may move: never under itself or its own descendant, nor where it already is; a college
// stays at the top.
import type { OrganizationNode } from '../../../shared/auth/schema.ts';
import { flattenTree, type FlatNode } from '../../../shared/organizations/tree.ts';

/** The ids of a node and every node under it. */
export function subtreeIds(node: OrganizationNode): Set<number> {
  return new Set(flattenTree([node]).map((entry) => entry.node.id));
}

/** The nodes `node` may move under (none for a college). */
export function validParents(tree: readonly OrganizationNode[], node: OrganizationNode): FlatNode[] {
  if (node.kind === 'college') return [];
  const own = subtreeIds(node);
  return flattenTree(tree).filter((entry) => !own.has(entry.node.id) && entry.node.id !== node.parent_id);
}
