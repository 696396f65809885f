// A public page's title and description for search engines and shared links: `<title>` as
// "<page> - <platform>" (as the back office names its pages) and `<meta name="description">`. Both go back
// to what they were when the page is left, so the next page starts from the platform's own.
import { useEffect } from 'react';
import { useT } from './i18n/index.ts';

function descriptionTag(): HTMLMetaElement {
  let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!tag) {
    tag = document.createElement('meta');
    tag.name = 'description';
    document.head.append(tag);
  }
  return tag;
}

/** Sets the page's title and description while the calling page is shown; empty values leave them be. */
export function usePageMeta(title: string | null | undefined, description?: string | null): void {
  const t = useT();
  const platformTitle = t('common.platformTitle');
  useEffect(() => {
    if (!title) return;
    const before = document.title;
    document.title = `${title} - ${platformTitle}`;
    return () => {
      document.title = before;
    };
  }, [title, platformTitle]);
  useEffect(() => {
    const text = description?.trim();
    if (!text) return;
    const tag = descriptionTag();
    const before = tag.content;
    tag.content = text.length > 160 ? `${text.slice(0, 157)}...` : text;
    return () => {
      tag.content = before;
    };
  }, [description]);
}
