// Rich text written in the browser (a question stem, also converted from Word; a course's introduction) is
// stored only after sanitize-html keeps the tags such a text needs (paragraphs, emphasis, lists,
// sub/superscript, simple tables and images) and drops everything else: scripts, event handlers, styles,
// links, and images that are not our own uploads (an outside image would leak the reader's address and could
// change after the text was checked).
import sanitizeHtml from 'sanitize-html';

const OWN_UPLOAD = /^\/api\/v1\/uploads\/[0-9a-f-]{36}$/;

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'sub',
    'sup',
    'ol',
    'ul',
    'li',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: [],
  allowProtocolRelative: false,
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_UPLOAD.test(frame.attribs.src ?? ''),
  disallowedTagsMode: 'discard',
};

/** The rich text as stored: only the allowed tags, images only from our uploads. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

// ---------------------------------------------------------------- articles (news, notices, jobs, pages)
// A published article also keeps headings, quotes and links: a link goes to http(s), mailto or tel, or to a
// path of the portal ('/news', never '//host' or '/\host', which browsers read as another host); an outside
// link opens in a new tab without handing over the opener. Images, as above, only from our own uploads.

const EXTERNAL_HREF = /^(https?:\/\/|mailto:|tel:)/i;
const PORTAL_PATH = /^\/(?![/\\])/;
const DIGITS = /^[1-9][0-9]?$/;

/** The href kept for a link, or null to drop it (the link's text stays). */
function articleHref(href: string | undefined): string | null {
  if (!href) return null;
  // Control characters and whitespace inside a URL are how `java\tscript:` slips past scheme checks.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0020\u007f]/.test(href)) return null;
  if (EXTERNAL_HREF.test(href) || PORTAL_PATH.test(href)) return href;
  return null;
}

const cellSpan = (attribs: sanitizeHtml.Attributes) => {
  const kept: sanitizeHtml.Attributes = {};
  for (const name of ['colspan', 'rowspan']) {
    const value = attribs[name];
    if (value !== undefined && DIGITS.test(value)) kept[name] = value;
  }
  return kept;
};

const ARTICLE_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'strong',
    'em',
    'u',
    's',
    'blockquote',
    'ol',
    'ul',
    'li',
    'a',
    'img',
    'table',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: [] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'template', 'title', 'xmp', 'iframe'],
  transformTags: {
    a: (tagName, attribs): sanitizeHtml.Tag => {
      const href = articleHref(attribs.href);
      if (href === null) return { tagName, attribs: {} };
      if (PORTAL_PATH.test(href) || !/^https?:/i.test(href)) return { tagName, attribs: { href } };
      return { tagName, attribs: { href, target: '_blank', rel: 'noopener noreferrer' } };
    },
    td: (tagName, attribs) => ({ tagName, attribs: cellSpan(attribs) }),
    th: (tagName, attribs) => ({ tagName, attribs: cellSpan(attribs) }),
    img: (tagName, attribs) => {
      const kept: sanitizeHtml.Attributes = {};
      if (attribs.src !== undefined) kept.src = attribs.src;
      if (attribs.alt !== undefined) kept.alt = attribs.alt;
      if (attribs.title !== undefined) kept.title = attribs.title;
      for (const name of ['width', 'height'])
        if (attribs[name] !== undefined && /^[0-9]{1,4}$/.test(attribs[name])) kept[name] = attribs[name];
      return { tagName, attribs: kept };
    },
  },
  exclusiveFilter: (frame) => frame.tag === 'img' && !OWN_UPLOAD.test(frame.attribs.src ?? ''),
  disallowedTagsMode: 'discard',
};

/** An article's (or a custom page's) rich text as stored: the article allow-list, safe links, own images. */
export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, ARTICLE_OPTIONS).trim();
}

const OWN_UPLOAD_IN_HTML = /src="\/api\/v1\/uploads\/([0-9a-f-]{36})"/g;

/** The upload ids of the images in sanitised rich text. */
export function imageUploadIds(html: string): string[] {
  return [...new Set([...html.matchAll(OWN_UPLOAD_IN_HTML)].map((m) => m[1]!))];
}
