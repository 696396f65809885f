/** Adds the class when absent, removes it when present (spec §9). */
export function toggleClass(element: Element | null | undefined, className: string): void {
  if (!element || !className) return;
  element.classList.toggle(className);
}
