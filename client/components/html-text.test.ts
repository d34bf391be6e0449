// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest';
import { decodeEntities, escapeHtml } from './html-text';

describe('html-text', () => {
  test('escapes the five HTML-significant characters and nothing else', () => {
    expect(escapeHtml(`<b title="x">Tom & Jerry's</b> 中文`)).toBe('&lt;b title=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/b&gt; 中文');
  });

  test('decodes named, decimal and hex references, and leaves tag-like text as text', () => {
    expect(decodeEntities('a&nbsp;b &amp; &lt;i&gt; &eacute; &#233; &#x1F600;')).toBe('a\u00a0b & <i> é é 😀');
    expect(decodeEntities('1 < 2 <script>x</script>')).toBe('1 < 2 <script>x</script>');
    expect(decodeEntities(escapeHtml(`<p>"quoted" & 'single'</p>`))).toBe(`<p>"quoted" & 'single'</p>`);
  });
});
