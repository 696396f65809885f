// The organisation tree as the pages list it: every node in display order with its depth (the tree page's
// rows, the indented organisation choices of other forms).
import type { OrganizationNode } from '../auth/schema.ts';

export interface FlatNode {
  node: OrganizationNode;
  depth: number;
}

/** Every node, parents before their children, in the tree's order. */
export function flattenTree(nodes: readonly OrganizationNode[], depth = 0): FlatNode[] {
  return nodes.flatMap((node) => [{ node, depth }, ...flattenTree(node.children, depth + 1)]);
}

/** Select options for choosing an organisation, indented by depth. */
export const organizationOptions = (nodes: readonly OrganizationNode[]) =>
  flattenTree(nodes).map(({ node, depth }) => ({
    value: String(node.id),
    label: `${'　'.repeat(depth)}${node.name}`,
  }));
