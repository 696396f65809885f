// Text written into HTML the server makes itself (the sandbox payment pages, the first paint of a page).

/** `value` as HTML text or attribute value: every character markup could use is an entity. */
export const escapeHtml = (value: string) =>
  value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
