/**
 * One table of HTML and markdown payloads, run through both sanitisers: the server's
 * (sanitize-html, tests/server/html-sanitize.test.ts) and the browser's (DOMPurify in Chromium,
 * tests/e2e/html-sanitize.e2e.ts). `rule` says which rule of src/contracts/html-allow.ts
 * removes the payload; `gone` lists what must not be left (compared case-insensitively).
 */
import {
  HTML_TAGS,
  filterStyle,
  isAllowedAttribute,
  isAllowedAttributeValue,
  isAllowedUrl,
} from '../../src/contracts/html-allow';

export interface BadPayload {
  readonly name: string;
  readonly html: string;
  readonly rule: string;
  readonly gone: readonly string[];
  /**
   * What the browser gives when its HTML parser (the standard one) reads the markup otherwise
   * than the server's htmlparser2 does; both outputs are still checked for anything executable.
   */
  readonly browser?: string;
}

const ALERT = ['alert(', 'onerror', '<img src="x" onerror'];

export const BAD_HTML: readonly BadPayload[] = [
  {
    name: 'script',
    html: '<p>a</p><script>alert(1)</script>',
    rule: 'tag dropped with content',
    gone: ['<script', 'alert('],
  },
  {
    name: 'SCRIPT upper case',
    html: '<SCRIPT SRC=//evil/x.js></SCRIPT>',
    rule: 'tag dropped with content',
    gone: ['<script', 'evil'],
  },
  {
    name: 'onerror',
    html: '<img src=x onerror=alert(1)>',
    rule: 'attribute not allowed',
    gone: ALERT,
  },
  {
    name: 'onclick',
    html: '<p onclick="alert(1)">p</p>',
    rule: 'attribute not allowed',
    gone: ['onclick', 'alert('],
  },
  {
    name: 'onmouseover',
    html: '<a href="/x" onmouseover="alert(1)">a</a>',
    rule: 'attribute not allowed',
    gone: ['onmouseover', 'alert('],
  },
  {
    name: 'javascript: href',
    html: '<a href="javascript:alert(1)">a</a>',
    rule: 'url scheme',
    gone: ['javascript', 'alert('],
  },
  {
    name: 'javascript: mixed case',
    html: '<a href="JaVaScRiPt:alert(1)">a</a>',
    rule: 'url scheme',
    gone: ['javascript', 'alert('],
  },
  {
    name: 'javascript: entities',
    html: '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">a</a>',
    rule: 'url scheme',
    gone: ['javascript', 'alert(', '&#'],
  },
  {
    name: 'javascript: hex entities',
    html: '<a href="&#x6A;avascript&colon;alert(1)">a</a>',
    rule: 'url scheme',
    gone: ['javascript', 'alert('],
  },
  {
    name: 'jav&#x09;ascript:',
    html: '<a href="jav&#x09;ascript:alert(1)">a</a>',
    rule: 'url whitespace',
    gone: ['ascript', 'alert('],
  },
  {
    name: 'javascript: tab and newline',
    html: '<a href="java\tscr\nipt:alert(1)">a</a>',
    rule: 'url whitespace',
    gone: ['ipt:', 'alert('],
  },
  {
    name: 'javascript: leading space',
    html: '<a href=" javascript:alert(1)">a</a>',
    rule: 'url scheme',
    gone: ['javascript', 'alert('],
  },
  {
    name: 'javascript: in img src',
    html: '<img src="javascript:alert(1)">',
    rule: 'url scheme',
    gone: ['javascript', 'alert('],
  },
  {
    name: 'data:text/html href',
    html: '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">a</a>',
    rule: 'url scheme',
    gone: ['data:'],
  },
  {
    name: 'data:image/svg+xml src',
    html: '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
    rule: 'data: raster images only',
    gone: ['data:'],
  },
  {
    name: 'vbscript:',
    html: '<a href="vbscript:msgbox(1)">a</a>',
    rule: 'url scheme',
    gone: ['vbscript', 'msgbox'],
  },
  {
    name: 'protocol-relative',
    html: '<a href="//evil.example/x">a</a>',
    rule: 'url: no //host',
    gone: ['evil'],
  },
  {
    name: 'backslash host',
    html: '<a href="/\\evil.example">a</a>',
    rule: 'url: no backslash',
    gone: ['evil'],
  },
  {
    name: 'iframe',
    html: '<iframe src="https://evil.example"></iframe>',
    rule: 'tag dropped with content',
    gone: ['<iframe', 'evil'],
  },
  {
    name: 'iframe srcdoc',
    html: '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
    rule: 'tag dropped with content',
    gone: ['<iframe', 'alert('],
  },
  {
    name: 'object',
    html: '<object data="javascript:alert(1)"></object>',
    rule: 'tag dropped with content',
    gone: ['<object', 'alert('],
  },
  {
    name: 'embed',
    html: '<embed src="javascript:alert(1)">',
    rule: 'tag dropped with content',
    gone: ['<embed', 'alert('],
  },
  {
    name: 'svg onload',
    html: '<svg onload=alert(1)><circle r="1"/></svg>',
    rule: 'tag dropped with content',
    gone: ['<svg', 'alert('],
  },
  {
    name: 'svg a xlink:href',
    html: '<svg><a xlink:href="javascript:alert(1)"><text>x</text></a></svg>',
    rule: 'tag dropped with content',
    gone: ['xlink', 'javascript'],
  },
  {
    name: 'math',
    html: '<math><maction actiontype="statusline" xlink:href="javascript:alert(1)">x</maction></math>',
    rule: 'tag dropped with content',
    gone: ['<math', 'javascript'],
  },
  {
    name: 'style element',
    html: '<style>body{background:url(javascript:alert(1))}</style><p>t</p>',
    rule: 'tag dropped with content',
    gone: ['<style', 'javascript'],
  },
  {
    name: 'link',
    html: '<link rel="stylesheet" href="https://evil.example/x.css"><p>t</p>',
    rule: 'tag not allowed',
    gone: ['<link', 'evil'],
  },
  {
    name: 'meta refresh',
    html: '<meta http-equiv="refresh" content="0;url=javascript:alert(1)"><p>t</p>',
    rule: 'tag not allowed',
    gone: ['<meta', 'refresh', 'javascript'],
  },
  {
    name: 'form action',
    html: '<form action="https://evil.example"><input name="x"><button formaction="javascript:alert(1)">go</button></form>',
    rule: 'tag not allowed',
    gone: ['<form', '<input', '<button', 'evil', 'formaction', 'javascript'],
  },
  {
    name: 'base href',
    html: '<base href="https://evil.example/"><a href="x">a</a>',
    rule: 'tag not allowed',
    gone: ['<base', 'evil'],
  },
  {
    name: 'css expression()',
    html: '<p style="width: expression(alert(1))">t</p>',
    rule: 'style value shape',
    gone: ['expression', 'alert('],
  },
  {
    name: 'css url(javascript:)',
    html: '<p style="background-image: url(javascript:alert(1))">t</p>',
    rule: 'style property not allowed',
    gone: ['url(', 'javascript'],
  },
  {
    name: 'css url() in colour',
    html: '<p style="background-color: url(https://evil.example/x)">t</p>',
    rule: 'style value shape',
    gone: ['url(', 'evil'],
  },
  {
    name: 'css behavior',
    html: '<p style="behavior: url(x.htc); color: red">t</p>',
    rule: 'style property not allowed',
    gone: ['behavior', 'htc'],
  },
  {
    name: 'css escapes',
    html: '<p style="color: \\72 ed; font-family: \\65 xpression">t</p>',
    rule: 'style value shape',
    gone: ['\\'],
  },
  {
    name: 'css position overlay',
    html: '<div style="position: fixed; top: 0; left: 0; width: 100%">t</div>',
    rule: 'style property not allowed',
    gone: ['position', 'fixed', 'top'],
  },
  {
    name: 'srcset',
    html: '<img src="/a.png" srcset="javascript:alert(1) 1x">',
    rule: 'attribute not allowed',
    gone: ['srcset', 'javascript'],
  },
  {
    name: 'formaction',
    html: '<button formaction="javascript:alert(1)">b</button>',
    rule: 'attribute and tag not allowed',
    gone: ['formaction', 'javascript'],
  },
  {
    name: 'xlink:href',
    html: '<a xlink:href="javascript:alert(1)">a</a>',
    rule: 'attribute not allowed',
    gone: ['xlink', 'javascript'],
  },
  {
    name: 'data-* and aria-*',
    html: '<p data-x="1" aria-label="y" id="login" name="n">t</p>',
    rule: 'attribute not allowed',
    gone: ['data-x', 'aria-label', 'id=', 'name='],
  },
  {
    name: 'attribute values out of shape',
    html: '<p data-lexical-indent="1;x" dir="javascript">t</p><a href="/x" target="evil">a</a>',
    rule: 'attribute value shape',
    gone: ['data-lexical-indent', 'dir=', 'target'],
  },
  // mutation XSS: markup that turns into script when it is parsed a second time
  {
    name: 'mXSS noscript title',
    html: '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
    rule: 'tag dropped with content',
    gone: ALERT,
    // Chromium's inert parser reads <noscript> content as markup: the <p> stays, its title goes.
    browser: '<p></p>',
  },
  {
    name: 'mXSS svg style',
    html: '<svg><style><img src=x onerror=alert(1)></style></svg>',
    rule: 'tag dropped with content',
    gone: ALERT,
    // <img> breaks out of <svg> in the standard parser: a plain image, its handler gone.
    browser: '<img src="x">',
  },
  {
    name: 'mXSS math mglyph',
    html: '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
    rule: 'tag dropped with content',
    gone: ALERT,
  },
  {
    name: 'mXSS nested template',
    html: '<template><template><img src=x onerror=alert(1)></template></template><p>t</p>',
    rule: 'tag dropped with content',
    gone: ALERT,
  },
  {
    name: 'mXSS form in form',
    html: '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
    rule: 'tags dropped',
    gone: ALERT,
  },
  {
    name: 'mXSS textarea',
    html: '<textarea></textarea><img src=x onerror=alert(1)></textarea>',
    rule: 'attribute not allowed',
    gone: ALERT,
  },
  {
    name: 'comment breakout',
    html: '<!--><img src=x onerror=alert(1)>-->',
    rule: 'attribute not allowed',
    gone: ALERT,
  },
  {
    name: 'xmp',
    html: '<xmp><img src=x onerror=alert(1)></xmp>',
    rule: 'tag dropped with content',
    gone: ALERT,
  },
];

export interface GoodPayload {
  readonly name: string;
  readonly html: string;
  /** What both sanitisers give (after `normalise`). */
  readonly kept: string;
}

export const GOOD_HTML: readonly GoodPayload[] = [
  {
    name: 'bold, italic, underline, strike',
    html: '<p><strong>粗</strong><b>b</b><em>斜</em><i>i</i><u>下</u><s>删</s></p>',
    kept: '<p><strong>粗</strong><b>b</b><em>斜</em><i>i</i><u>下</u><s>删</s></p>',
  },
  {
    name: 'lists',
    html: '<ul><li>一</li><li>二</li></ul><ol start="3"><li value="3">三</li></ol>',
    kept: '<ul><li>一</li><li>二</li></ul><ol start="3"><li value="3">三</li></ol>',
  },
  {
    name: 'links',
    html: '<a href="https://example.com/a?b=1" target="_blank" rel="noopener">官网</a><a href="mailto:a@b.cn">信</a><a href="tel:+8610">电</a><a href="/isystem/user">内</a><a href="#top">顶</a>',
    kept: '<a href="https://example.com/a?b=1" target="_blank" rel="noopener">官网</a><a href="mailto:a@b.cn">信</a><a href="tel:+8610">电</a><a href="/isystem/user">内</a><a href="#top">顶</a>',
  },
  {
    name: 'table',
    html: '<table border="1"><colgroup><col style="width: 92px"></colgroup><thead><tr><th>名</th></tr></thead><tbody><tr><td colspan="2" style="border: 1px solid black; vertical-align: top; text-align: start; background-color: #f2f3f5">值</td></tr></tbody></table>',
    kept: '<table border="1"><colgroup><col style="width:92px"></colgroup><thead><tr><th>名</th></tr></thead><tbody><tr><td colspan="2" style="border:1px solid black;vertical-align:top;text-align:start;background-color:#f2f3f5">值</td></tr></tbody></table>',
  },
  {
    name: 'uploaded image',
    html: '<img src="/system/sys/common/static/2026/11/26/a1b2c3.png" alt="图" width="200" height="100">',
    kept: '<img src="/system/sys/common/static/2026/11/26/a1b2c3.png" alt="图" width="200" height="100">',
  },
  {
    name: 'web and pasted images',
    html: '<img src="https://example.com/a.jpg"><img src="data:image/png;base64,iVBORw0KGgo=">',
    kept: '<img src="https://example.com/a.jpg"><img src="data:image/png;base64,iVBORw0KGgo=">',
  },
  {
    name: 'lexical alignment and indent',
    html: '<p dir="ltr" style="text-align: center;"><span style="white-space: pre-wrap;">中</span></p><p data-lexical-indent="2" style="padding-inline-start: calc(2 * var(--lexical-indent-base-value, 40px));">缩进</p>',
    kept: '<p dir="ltr" style="text-align:center"><span style="white-space:pre-wrap">中</span></p><p data-lexical-indent="2" style="padding-inline-start:calc(2 * var(--lexical-indent-base-value, 40px))">缩进</p>',
  },
  {
    name: 'lexical text styles',
    html: '<span style="font-weight: bold; font-size: 15px; color: rgb(208, 2, 27); background-color: #ffff00; font-family: Arial, 微软雅黑">字</span>',
    kept: '<span style="font-weight:bold;font-size:15px;color:rgb(208, 2, 27);background-color:#ffff00;font-family:Arial, 微软雅黑">字</span>',
  },
  {
    name: 'code block',
    html: '<pre><code class="language-js">const a = 1 &lt; 2 &amp;&amp; b;\n</code></pre><p>行内 <code>x</code></p>',
    kept: '<pre><code class="language-js">const a = 1 &lt; 2 &amp;&amp; b;\n</code></pre><p>行内 <code>x</code></p>',
  },
  {
    name: 'headings, quote, rule',
    html: '<h1>一</h1><h2>二</h2><h6>六</h6><blockquote><p>引</p></blockquote><hr><p>a<br>b<sub>1</sub><sup>2</sup></p>',
    kept: '<h1>一</h1><h2>二</h2><h6>六</h6><blockquote><p>引</p></blockquote><hr><p>a<br>b<sub>1</sub><sup>2</sup></p>',
  },
  {
    name: 'legacy font',
    html: '<font color="#ff0000" size="3" face="宋体">旧</font><p align="center">中</p>',
    kept: '<font color="#ff0000" size="3" face="宋体">旧</font><p align="center">中</p>',
  },
  {
    name: 'a filtered style keeps the good declarations',
    html: '<p style="color:#ff0000; position: absolute; text-decoration: underline line-through">p</p>',
    kept: '<p style="color:#ff0000;text-decoration:underline line-through">p</p>',
  },
];

export interface MarkdownPayload {
  readonly name: string;
  readonly markdown: string;
  readonly gone: readonly string[];
}

export const BAD_MARKDOWN: readonly MarkdownPayload[] = [
  {
    name: 'javascript: link',
    markdown: '[x](javascript:alert(1))',
    gone: ['javascript', 'alert('],
  },
  {
    name: 'javascript: link, entities',
    markdown: '[x](&#106;avascript:alert(1))',
    gone: ['javascript', 'alert('],
  },
  {
    name: 'javascript: image',
    markdown: '![x](javascript:alert(1))',
    gone: ['javascript', 'alert('],
  },
  { name: 'data: link', markdown: '[x](data:text/html;base64,PHNjcmlwdD4=)', gone: ['data:'] },
  { name: 'autolink vbscript', markdown: '<vbscript:msgbox(1)>', gone: ['href="vbscript'] },
  {
    name: 'raw html script',
    markdown: '# t\n\n<script>alert(1)</script>\n',
    gone: ['<script', 'alert('],
  },
  { name: 'raw html handler', markdown: 'text <img src=x onerror=alert(1)> more', gone: ALERT },
  {
    name: 'raw html iframe',
    markdown: '<iframe src="https://evil.example"></iframe>',
    gone: ['<iframe', 'evil'],
  },
  {
    name: 'reference link',
    markdown: '[x][r]\n\n[r]: javascript:alert(1)',
    gone: ['javascript', 'alert('],
  },
];

export interface GoodMarkdown {
  readonly name: string;
  readonly markdown: string;
  readonly kept: readonly string[];
}

export const GOOD_MARKDOWN: readonly GoodMarkdown[] = [
  {
    name: 'everyday markdown',
    markdown:
      '# 标题\n\n**粗** *斜* ~~删~~ `码`\n\n- 一\n- 二\n\n1. 甲\n\n> 引用\n\n```js\nconst a = 1;\n```\n\n' +
      '| 名 | 值 |\n| :-- | --: |\n| a | 1 |\n\n---\n\n[链接](https://example.com) ![图](/system/sys/common/static/a.png)\n',
    kept: [
      '<h1>标题</h1>',
      '<strong>粗</strong>',
      '<em>斜</em>',
      '<del>删</del>',
      '<code>码</code>',
      '<li>一</li>',
      '<blockquote>',
      '<pre><code class="language-js">const a = 1;\n</code></pre>',
      '<th align="left">名</th>',
      '<td align="right">1</td>',
      '<hr>',
      '<a href="https://example.com">链接</a>',
      '<img src="/system/sys/common/static/a.png" alt="图">',
    ],
  },
];

/** Serialisations differ in void tags (`<br />` / `<br>`) and `&nbsp;`; nothing else. */
export function normalise(html: string): string {
  return html.replace(/\s*\/>/g, '>').replace(/&nbsp;/g, '\u00a0');
}

function decode(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Problems in a sanitiser's output, read as the serialised HTML it is: every tag must be on the
 * allow-list with only its allowed attributes, urls and styles. Text may hold anything escaped.
 */
export function problems(html: string): string[] {
  const found: string[] = [];
  if (/<!--|<!\[CDATA\[|<\?/.test(html)) found.push('a comment or processing instruction');
  for (const tag of html.matchAll(/<\/?([a-zA-Z][^\s/>]*)([^>]*)>/g)) {
    const name = tag[1]!.toLowerCase();
    if (!HTML_TAGS.includes(name)) found.push(`tag <${name}>`);
    for (const attr of tag[2]!.matchAll(/([^\s="'/]+)(?:="([^"]*)")?/g)) {
      const attrName = attr[1]!.toLowerCase();
      const value = decode(attr[2] ?? '');
      if (!isAllowedAttribute(name, attrName)) found.push(`attribute ${attrName} on <${name}>`);
      if (!isAllowedAttributeValue(attrName, value)) found.push(`${attrName}="${value}"`);
      if ((attrName === 'href' || attrName === 'src') && !isAllowedUrl(attrName, value)) {
        found.push(`url ${value}`);
      }
      if (attrName === 'style' && filterStyle(value) !== value) found.push(`style ${value}`);
    }
  }
  return found;
}

/** Which of `gone` is still in `html`, case-insensitively. */
export function leftOver(html: string, gone: readonly string[]): string[] {
  const lower = html.toLowerCase();
  return gone.filter((bit) => lower.includes(bit.toLowerCase()));
}
