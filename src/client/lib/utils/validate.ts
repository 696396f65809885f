/** A URL is external when it starts with http:, https:, mailto: or tel: (spec §5). */
export function isExternal(path: string): boolean {
  return /^(https?:|mailto:|tel:)/.test(path);
}
