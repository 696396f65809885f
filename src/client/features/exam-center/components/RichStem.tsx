// A question's stem (sanitised rich text from the bank) shown to the examiner without injecting HTML: the
// text with its paragraphs and line breaks, and its images (site-relative, https or data:image only).
import { Box, Image } from '@mantine/core';
import type { ReactNode } from 'react';

const BLOCKS = new Set(['P', 'DIV', 'LI', 'H1', 'H2', 'H3', 'H4', 'TR', 'BLOCKQUOTE']);
const safeSrc = (src: string) => /^(\/|https:\/\/|data:image\/)/.test(src);

function render(node: Node, key: string): ReactNode {
  if (node.nodeType === Node.TEXT_NODE) return node.textContent;
  if (!(node instanceof Element)) return null;
  if (node.tagName === 'BR') return <br key={key} />;
  if (node.tagName === 'IMG') {
    const src = node.getAttribute('src') ?? '';
    return safeSrc(src) ? (
      <Image key={key} src={src} alt={node.getAttribute('alt') ?? ''} maw={480} my={4} />
    ) : null;
  }
  const children = [...node.childNodes].map((child, i) => render(child, `${key}.${i}`));
  if (node.tagName === 'STRONG' || node.tagName === 'B') return <strong key={key}>{children}</strong>;
  if (BLOCKS.has(node.tagName))
    return (
      <Box key={key} component="div" mb={4}>
        {children}
      </Box>
    );
  return <span key={key}>{children}</span>;
}

export function RichStem({ html, testId }: { html: string; testId?: string }) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return (
    <Box fz="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid={testId}>
      {[...doc.body.childNodes].map((child, i) => render(child, String(i)))}
    </Box>
  );
}
