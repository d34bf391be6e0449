// The reactions Trellis offers on an issue and on a comment. The values are what the API stores
// (Plane's API keeps a reaction as its emoji), so they are data sent and compared, never painted:
// ReactionButton draws each with its SVG icon and names it in words, so a machine without an emoji
// font still shows it (issue #12: no emoji as icons). The glyph scan allows this file alone.
import { Eye, Heart, PartyPopper, ThumbsUp, type LucideIcon } from 'lucide-react';
import type { MessageKey } from '../../i18n';

export const REACTIONS = ['👍', '🎉', '❤️', '👀'] as const;

export type Reaction = (typeof REACTIONS)[number];

export const REACTION_LOOK: Record<Reaction, { icon: LucideIcon; name: MessageKey }> = {
  '👍': { icon: ThumbsUp, name: 'reaction.thumbsUp' },
  '🎉': { icon: PartyPopper, name: 'reaction.hooray' },
  '❤️': { icon: Heart, name: 'reaction.heart' },
  '👀': { icon: Eye, name: 'reaction.eyes' },
};
