import { describe, expect, it } from 'vitest';
import { isSafeUrl, sanitizeHtml } from './html.ts';

describe('sanitizeHtml', () => {
  it('keeps allowed markup as it was', () => {
    const body = '<h2>Title</h2>\n<p>One <strong>bold</strong> &amp; <em>two</em>.</p><ul><li>A</li></ul>';
    expect(sanitizeHtml(body)).toBe(body);
  });

  it.each([
    ['<p>a</p><script>alert(1)</script><p>b</p>', '<p>a</p><p>b</p>'],
    ['<SCRIPT src="x.js"></SCRIPT>ok', 'ok'],
    ['<script>never closed <p>x</p>', ''],
    ['<style>p{}</style><iframe src="https://evil.example"></iframe>x', 'x'],
    ['<svg onload="alert(1)"><script>alert(1)</script><text>t</text></svg>after', 'after'],
    ['<img src="x.png" onerror="alert(1)" alt="A">', '<img src="x.png" alt="A">'],
    ['<p onclick="x()" style="color:red" class="c">t</p>', '<p>t</p>'],
    ['<a href="javascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="jav&#x09;ascript:alert(1)">x</a>', '<a>x</a>'],
    ['<a href="javascript&colon;alert(1)">x</a>', '<a>x</a>'],
    ['<a href="&#106;avascript:alert(1)">x</a>', '<a>x</a>'],
    ['<img src="data:image/svg+xml;base64,PHN2Zz4=">', '<img>'],
    ['<a href="vbscript:msgbox(1)">x</a>', '<a>x</a>'],
    ['<!-- <script>alert(1)</script> --><p>x</p>', '<p>x</p>'],
    ['<form action="/x"><input name="a"><button>Go</button></form>', 'Go'],
    ['<p>1 < 2 and 3 > 2</p>', '<p>1 &lt; 2 and 3 &gt; 2</p>'],
    ['<p title="x">&lt;script&gt;</p>', '<p>&lt;script&gt;</p>'],
    ['<scr<script>ipt>alert(1)</script>', 'ipt&gt;alert(1)'],
    ['<p>unclosed <b>bold', '<p>unclosed <b>bold</b></p>'],
    // A stray '</p>' is an empty paragraph to a browser (HTML's "in body" rules); the parser agrees.
    ['</div><p>x</p></p></p>', '<p>x</p><p></p><p></p>'],
    ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>y', 'y'],
    [
      '<a href="https://example.com/?a=1&amp;b=2" target="_self">x</a>',
      '<a href="https://example.com/?a=1&amp;b=2" target="_blank" rel="noopener noreferrer nofollow">x</a>',
    ],
    [
      '<img src="/media/a.png" alt="say &quot;hi&quot;">',
      '<img src="/media/a.png" alt="say &quot;hi&quot;">',
    ],
    ['<td colspan="2" rowspan="x">c</td>', '<td colspan="2">c</td>'],
    ['<p>AT&T</p>', '<p>AT&amp;T</p>'],
  ])('%s → %s', (input, expected) => {
    expect(sanitizeHtml(input)).toBe(expected);
  });

  it('never lets an event handler, a script tag or a javascript: URL through', () => {
    const nasty = [
      '<img src=x onerror=alert(1)//>',
      '<body onload=alert(1)>',
      '<a href="java\nscript:alert(1)">x</a>',
      '<div><a/href="javascript:alert(1)">x</a></div>',
      '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
      '<p/onmouseover=alert(1)>x',
      '"><script>alert(1)</script>',
    ].join('');
    const clean = sanitizeHtml(nasty);
    expect(clean).not.toMatch(/<script|\son\w+=|javascript:/i);
  });
});

describe('isSafeUrl', () => {
  it.each([
    ['https://example.com', true],
    ['/media/x.png', true],
    ['#section', true],
    ['mailto:a@b.test', true],
    ['javascript:alert(1)', false],
    ['data:text/html,<script>', false],
    ['  javascript:x', false],
  ])('%s is %s', (value, safe) => {
    expect(isSafeUrl(value)).toBe(safe);
  });
});
