// Rich-text HTML from the editor is stored, so it is sanitized against an allow-list that fits
// Tiptap/Plane output (mentions, images, task lists, tables), and reduced to plain text for search.
import type sanitizeHtml from 'sanitize-html';
import { onFirstUse } from '../../../shared/on-first-use';

// sanitize-html with its parser and postcss (for style attributes), ~275 kB of packages: imported by
// the first write of rich text in a process, not parsed by every start.
const loadSanitizer = onFirstUse(async () => {
  const [{ default: sanitize }, { decodeHTML }] = await Promise.all([import('sanitize-html'), import('entities')]);
  return { sanitize, decodeHTML };
});

const BLOCK_TAGS = ['p', 'div', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'blockquote', 'pre', 'ul', 'ol', 'li', 'hr', 'table', 'thead', 'tbody', 'tr', 'th', 'td'];
const INLINE_TAGS = ['span', 'a', 'strong', 'b', 'em', 'i', 'u', 's', 'strike', 'del', 'code', 'mark', 'sub', 'sup', 'br', 'img', 'label', 'input'];
const CUSTOM_TAGS = ['mention-component', 'image-component', 'issue-embed-component', 'page-embed-component', 'colgroup', 'col'];

const DATA_ATTRIBUTES = ['data-type', 'data-id', 'data-label', 'data-checked', 'data-color', 'data-background-color', 'data-text-color', 'data-block-id', 'data-entity-name', 'data-entity-id'];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...BLOCK_TAGS, ...INLINE_TAGS, ...CUSTOM_TAGS],
  allowedAttributes: {
    '*': ['class', 'id', 'style', ...DATA_ATTRIBUTES],
    a: ['href', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    input: ['type', 'checked', 'disabled'],
    ol: ['start', 'type'],
    th: ['colspan', 'rowspan', 'colwidth'],
    td: ['colspan', 'rowspan', 'colwidth'],
    col: ['span', 'width'],
    pre: ['language'],
    code: ['language'],
    'mention-component': ['entity_identifier', 'entity_name', 'id', 'label', 'target', 'redirect_uri'],
    'image-component': ['src', 'id', 'width', 'height', 'aspectratio', 'alignment', 'status'],
    'issue-embed-component': ['entity_identifier', 'entity_name', 'project_identifier', 'sequence_id', 'workspace_identifier', 'id'],
    'page-embed-component': ['entity_identifier', 'entity_name', 'id'],
  },
  // Security: no javascript: or data: URLs in links; images may be inline data or http(s).
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'redirect_uri'],
  allowProtocolRelative: false,
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^var\(--[\w-]+\)$/],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgba?\([\d\s.,%]+\)$/i, /^var\(--[\w-]+\)$/],
      'text-align': [/^(left|right|center|justify)$/],
      width: [/^\d+(\.\d+)?(px|%|em|rem)?$/],
      'min-width': [/^\d+(\.\d+)?(px|%|em|rem)?$/],
    },
  },
  // Security: the contents of script/style/iframe are dropped with the tags, never kept as text.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed'],
};

/** Sanitizes editor HTML: keeps the allow-listed tags/attributes, drops scripts, handlers and unsafe URLs. */
export async function sanitizeRichHtml(html: string): Promise<string> {
  return (await loadSanitizer()).sanitize(html, OPTIONS);
}

/** Plain text of HTML (`description_stripped`, `comment_stripped`): tags removed, blocks separated by spaces. */
export async function htmlToPlainText(html: string): Promise<string> {
  const { sanitize, decodeHTML } = await loadSanitizer();
  const spaced = html.replace(/<br\s*\/?>|<\/(p|div|h[1-6]|li|blockquote|pre|tr|td|th)>/gi, '$& ');
  const text = sanitize(spaced, { allowedTags: [], allowedAttributes: {}, nonTextTags: ['script', 'style', 'textarea', 'noscript'] });
  // decodeHTML (entities) knows every named and numeric reference; &nbsp; becomes U+00A0, which \s folds.
  return decodeHTML(text).replace(/\s+/g, ' ').trim();
}

/** Tags that show something without any text of their own (a mention, an image, an embed). */
const CONTENT_WITHOUT_TEXT = /<(img|image-component|mention-component|issue-embed-component|page-embed-component)\b/i;

/** True when sanitized editor HTML shows nothing: no text and no mention, image or embed ("<p></p>", "<p> </p>"). */
export async function isBlankRichHtml(html: string): Promise<boolean> {
  return !CONTENT_WITHOUT_TEXT.test(html) && (await htmlToPlainText(html)) === '';
}
