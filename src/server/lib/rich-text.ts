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
