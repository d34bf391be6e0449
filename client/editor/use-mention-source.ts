// The members an editor's "@" offers (the project's, as the comment box does; everyone in the
// workspace while the project's list is not loaded) and the way to their profile. One object for
// the editor's whole life: the editor is made once, the member list arrives and changes later.
import { useRef } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { useAssignableUsers } from '../stores/member-store';
import type { MentionSource } from './mention-suggestions';

export function useMentionSource(slug: string, projectId: string | undefined): MentionSource {
  const users = useAssignableUsers(projectId);
  const navigate = useNavigate();
  const latest = useRef({ users, slug, navigate });
  latest.current = { users, slug, navigate };
  const source = useRef<MentionSource | null>(null);
  source.current ??= {
    users: () => latest.current.users.map((user) => ({ id: user.id, display_name: user.display_name ?? '' })),
    profilePath: (userId) => `/${latest.current.slug}/profile/${userId}?tab=summary`,
    openProfile: (userId) => void latest.current.navigate({ to: '/$workspaceSlug/profile/$userId', params: { workspaceSlug: latest.current.slug, userId }, search: { tab: 'summary' } }),
  };
  return source.current;
}
