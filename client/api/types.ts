// Wire shapes the client reads, snake_case exactly as API.md and the reference (§13) give them.
// Only the fields this slice uses are typed; the client keeps objects as they arrive.

export interface UserMe {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  display_name: string;
  avatar_url?: string | null;
  is_password_autoset: boolean;
  is_active?: boolean;
  /** IANA zone from the profile; `UTC` (the default) when the person never chose one. */
  user_timezone?: string;
}

export interface OnboardingStep {
  profile_complete: boolean;
  workspace_create: boolean;
  workspace_invite: boolean;
  workspace_join: boolean;
}

export interface Profile {
  id: string;
  user: string;
  is_onboarded: boolean;
  is_tour_completed?: boolean;
  onboarding_step: OnboardingStep;
  last_workspace_id: string | null;
  language?: string | null;
  /** Appearance; `theme.theme` is "light", "dark" or "system" (client/ui/theme.ts). */
  theme?: Record<string, unknown> | null;
  role?: string | null;
  use_case?: string | null;
}

export interface UserSettings {
  id: string;
  email: string;
  workspace: {
    last_workspace_id: string | null;
    last_workspace_slug: string | null;
    fallback_workspace_id: string | null;
    fallback_workspace_slug: string | null;
    invites: number;
  };
}

/** Answer of the JSON-style sign-in/up endpoints. */
export interface AuthSuccess {
  user: UserMe;
  next_path?: string | null;
}

export interface Workspace {
  id: string;
  name: string;
  slug: string;
  role?: number;
  total_members?: number;
  logo_url?: string | null;
  created_at?: string;
}

export interface MemberUser {
  id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  email?: string;
  avatar_url?: string | null;
  is_bot?: boolean;
}

export interface WorkspaceMember {
  id: string;
  member: MemberUser;
  role: number;
  is_active?: boolean;
  created_at?: string;
}

export interface WorkspaceInvitation {
  id: string;
  email: string;
  role: number;
  accepted?: boolean;
  responded_at?: string | null;
  created_at?: string;
  workspace?: { id: string; name: string; slug: string; logo_url?: string | null } | string;
  /** The join link; workspace members and admins get it (the invitee's own list does not). */
  invite_link?: string;
}

export interface ApiToken {
  id: string;
  label: string;
  description?: string | null;
  is_active?: boolean;
  last_used?: string | null;
  expired_at?: string | null;
  created_at?: string;
  /** The secret; present only in the POST answer. */
  token?: string;
}

export interface InstanceInfo {
  id?: string;
  instance_name?: string | null;
  is_setup_done: boolean;
  workspaces_exist?: boolean;
}

export interface InstanceConfig {
  enable_signup?: boolean;
  is_workspace_creation_disabled?: boolean;
  is_magic_login_enabled?: boolean;
  is_email_password_enabled?: boolean;
  is_smtp_configured?: boolean;
  is_google_enabled?: boolean;
  is_github_enabled?: boolean;
  is_gitlab_enabled?: boolean;
}

/** `GET /api/instances/`: either the instance and its config, or the not-set-up marker. */
export type InstanceResponse =
  | { instance: InstanceInfo; config: InstanceConfig }
  | { is_activated: boolean; is_setup_done: boolean };

export interface InstanceConfigurationRow {
  id?: string;
  key: string;
  value: string | null;
  category?: string;
  is_encrypted?: boolean;
}

export interface AdminSession {
  is_authenticated: boolean;
  user?: UserMe;
}
