// Sanitizing editor HTML and reducing it to plain text; finding mentions in it.
import { describe, expect, test } from 'vitest';
import { htmlToPlainText, sanitizeRichHtml } from './html';
import { parseMentionedUserIds } from './mentions';

const USER = '0b5f3c1e-1a2b-4c3d-8e9f-001122334455';

describe('sanitizeRichHtml', () => {
  test('keeps editor markup and drops scripts, handlers and unsafe URLs', async () => {
    const html = `<p style="text-align: center">a <strong>b</strong> <mention-component entity_identifier="${USER}" entity_name="user_mention"></mention-component></p>`
      + '<ul data-type="taskList"><li data-checked="true"><label><input type="checkbox" checked></label>x</li></ul>'
      + '<img src="javascript:alert(1)" onerror="x()"><script>bad()</script><a href="https://ok.test" onclick="x()">ok</a>';
    const clean = await sanitizeRichHtml(html);
    expect(clean).toContain('<p style="text-align:center">');
    expect(clean).toContain(`<mention-component entity_identifier="${USER}" entity_name="user_mention">`);
    expect(clean).toContain('<li data-checked="true">');
    expect(clean).toContain('<input type="checkbox" checked />');
    expect(clean).toContain('<a href="https://ok.test">ok</a>');
    expect(clean).not.toMatch(/script|onerror|onclick|javascript/);
  });
});

describe('htmlToPlainText', () => {
  test('separates blocks, decodes entities and drops script text', async () => {
    expect(await htmlToPlainText('<p>Fish &amp; chips</p><p>Line&nbsp;two<br>three &#8364;</p><script>x()</script>')).toBe('Fish & chips Line two three €');
    expect(await htmlToPlainText('<p></p>')).toBe('');
  });
});

describe('parseMentionedUserIds', () => {
  test('reads Plane and Tiptap mentions, ignoring other entities and bad ids', () => {
    const other = '9b5f3c1e-1a2b-4c3d-8e9f-001122334455';
    const html = `<mention-component entity_identifier="${USER}" entity_name="user_mention"></mention-component>`
      + `<mention-component entity_identifier="${other}" entity_name="issue_mention"></mention-component>`
      + `<span data-type="mention" data-id="${other.toUpperCase()}">@x</span><span data-type="mention" data-id="nope">@y</span>`;
    expect(parseMentionedUserIds(html).sort()).toEqual([USER, other].sort());
    expect(parseMentionedUserIds(null)).toEqual([]);
  });
});
