// A bank's categories arrive as a flat list with parent ids; the move dialog must not offer a category's own
// subtree as its new parent.

/** The category and every category under it. */
export function descendantsOf(categories: readonly { id: number; parent_id: number | null }[], id: number) {
  const found = new Set<number>([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const c of categories) {
      if (c.parent_id !== null && found.has(c.parent_id) && !found.has(c.id)) {
        found.add(c.id);
        grew = true;
      }
    }
  }
  return found;
}
