// The @mention node of the shared editor schema: an inline atom holding the member's id and the
// name shown. It renders as Tiptap's `<span data-type="mention" data-id data-label>`, the form the
// server reads mentioned people from (server/services/mentions.ts), and reads Plane's
// `<mention-component entity_name="user_mention">` too, so a description written over REST keeps
// its mentions when it enters the live document.
import { Node, mergeAttributes } from '@tiptap/core';

export const MENTION_NODE = 'mention';

export const MentionNode = Node.create({
  name: MENTION_NODE,
  group: 'inline',
  inline: true,
  atom: true,
  selectable: false,

  addAttributes() {
    return {
      id: {
        default: null,
        parseHTML: (element) => element.getAttribute('data-id') ?? element.getAttribute('entity_identifier'),
        renderHTML: (attributes) => (attributes.id ? { 'data-id': attributes.id as string } : {}),
      },
      label: {
        default: '',
        parseHTML: (element) => element.getAttribute('data-label') ?? element.getAttribute('label') ?? element.textContent?.replace(/^@/, '') ?? '',
        renderHTML: (attributes) => ({ 'data-label': attributes.label as string }),
      },
    };
  },

  parseHTML() {
    return [{ tag: `span[data-type="${MENTION_NODE}"]` }, { tag: 'mention-component[entity_name="user_mention"]' }];
  },

  renderHTML({ node, HTMLAttributes }) {
    return ['span', mergeAttributes({ 'data-type': MENTION_NODE, class: 'mention-chip' }, HTMLAttributes), `@${node.attrs.label as string}`];
  },

  renderText({ node }) {
    return `@${node.attrs.label as string}`;
  },

  // ProseMirror's own text of the node (textBetween: description_stripped, search), not only Tiptap's.
  extendNodeSchema(extension) {
    return extension.name === MENTION_NODE ? { leafText: (node: { attrs: Record<string, unknown> }) => `@${node.attrs.label as string}` } : {};
  },
});
