import { describe, expect, it } from 'vitest';
import { safeHtml } from './safe-html';

describe('safeHtml', () => {
  it("keeps the editor's formatting and safe links", () => {
    const html =
      '<p><strong>Bold</strong>, <em>italic</em> and <a href="https://example.com/x">a link</a></p><ul><li>One</li></ul>';
    expect(safeHtml(html)).toBe(
      '<p><strong>Bold</strong>, <em>italic</em> and <a href="https://example.com/x" target="_blank" rel="noopener noreferrer">a link</a></p><ul><li>One</li></ul>',
    );
  });

  it('drops scripts, handlers, styles, images and unsafe links, keeping the text', () => {
    const html =
      '<p onclick="alert(1)" style="color:red">Hi<script>alert(2)</script><img src=x onerror="alert(3)"></p>' +
      '<a href="javascript:alert(4)">click</a><a href=" JaVaScRiPt:alert(5)">too</a><div><font>kept text</font></div>' +
      '<style>p{}</style><svg><a href="https://x.example">svg</a></svg>';
    expect(safeHtml(html)).toBe('<p>Hi</p><a>click</a><a>too</a>kept text');
  });

  it('escapes text that looks like markup', () => {
    expect(safeHtml('<p>1 &lt; 2 &amp; &lt;b&gt;</p>')).toBe('<p>1 &lt; 2 &amp; &lt;b&gt;</p>');
    expect(safeHtml('Team <offsite>')).toBe('Team ');
  });
});
