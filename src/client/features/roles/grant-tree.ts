// The grant tree's tri-state logic: a group is checked when all its pages are, indeterminate when some are.
import type { GrantTreeNode } from '../../../shared/roles/schema.ts';

/** The page ids (not groups) under a node, the node itself when it is a page. */
export function pageIds(node: GrantTreeNode): number[] {
  return node.is_group ? node.children.flatMap(pageIds) : [node.id, ...node.children.flatMap(pageIds)];
}

export function checkState(node: GrantTreeNode, granted: ReadonlySet<number>) {
  const ids = pageIds(node);
  const on = ids.filter((id) => granted.has(id)).length;
  return { checked: ids.length > 0 && on === ids.length, indeterminate: on > 0 && on < ids.length };
}

/** Checks or unchecks a node with everything under it. */
export function toggle(node: GrantTreeNode, granted: ReadonlySet<number>, on: boolean): Set<number> {
  const next = new Set(granted);
  for (const id of pageIds(node)) {
    if (on) next.add(id);
    else next.delete(id);
  }
  return next;
}
