// A paper that shows with no network: the images of its stems and options are fetched once at the start and
// written into the paper as data: URLs, so the copy in IndexedDB holds them. An image that cannot be fetched
// keeps its address (the service worker's image cache may still have it).
import type { DrawnPaper } from '../../../../shared/exams/drawn-paper.ts';

const IMG_SRC = /(<img\b[^>]*?\bsrc\s*=\s*)(["'])([^"']+)\2/gi;
/** Larger images stay links: a paper must fit the device's storage. */
export const MAX_INLINE_IMAGE_BYTES = 2 * 1024 * 1024;

export type FetchImage = (src: string) => Promise<string | null>;

/** Every image address in a piece of HTML (data: URLs excluded). */
export function imageSources(html: string): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(IMG_SRC)) {
    const src = match[3] ?? '';
    if (src && !src.startsWith('data:')) found.push(src);
  }
  return found;
}

function replaceSources(html: string, inlined: ReadonlyMap<string, string>): string {
  return html.replace(IMG_SRC, (whole, head: string, quote: string, src: string) => {
    const data = inlined.get(src);
    return data ? `${head}${quote}${data}${quote}` : whole;
  });
}

function texts(paper: DrawnPaper): string[] {
  return paper.questions.flatMap((q) => [
    q.stem,
    ...q.options.map((o) => o.text),
    ...q.sub_questions.flatMap((s) => [s.stem, ...s.options.map((o) => o.text)]),
  ]);
}

/** True when some image of the paper is still a link. */
export function hasLinkedImages(paper: DrawnPaper): boolean {
  return texts(paper).some((text) => imageSources(text).length > 0);
}

/** The paper with its images as data: URLs (those `fetchImage` could get). */
export async function inlineImages(
  paper: DrawnPaper,
  fetchImage: FetchImage = fetchAsDataUrl,
): Promise<DrawnPaper> {
  const sources = [...new Set(texts(paper).flatMap(imageSources))];
  if (sources.length === 0) return paper;
  const inlined = new Map<string, string>();
  for (const src of sources) {
    const data = await fetchImage(src).catch(() => null);
    if (data) inlined.set(src, data);
  }
  if (inlined.size === 0) return paper;
  const swap = (html: string) => replaceSources(html, inlined);
  const options = (list: DrawnPaper['questions'][number]['options']) =>
    list.map((o) => ({ ...o, text: swap(o.text) }));
  return {
    ...paper,
    questions: paper.questions.map((q) => ({
      ...q,
      stem: swap(q.stem),
      options: options(q.options),
      sub_questions: q.sub_questions.map((s) => ({ ...s, stem: swap(s.stem), options: options(s.options) })),
    })),
  };
}

async function fetchAsDataUrl(src: string): Promise<string | null> {
  const url = new URL(src, location.href);
  if (url.origin !== location.origin) return null;
  const response = await fetch(url, { credentials: 'same-origin' });
  if (!response.ok) return null;
  const blob = await response.blob();
  if (!blob.type.startsWith('image/') || blob.size > MAX_INLINE_IMAGE_BYTES) return null;
  return new Promise((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(typeof reader.result === 'string' ? reader.result : null);
    reader.onerror = () => resolve(null);
    reader.readAsDataURL(blob);
  });
}
