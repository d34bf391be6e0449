// Wire shapes the client reads, inferred from the response schemas the server declares on its
// routes (shared/schemas): one definition per shape, so the client cannot drift from what the
// server sends. snake_case exactly as API.md and the reference (§13) give them.
import type { z } from 'zod';
import type { adminMeResponse, adminSessionResponse, onboardingStepResponse } from '../../shared/schemas/user';
import type { instanceStatusResponse } from '../../shared/schemas/instance';
import type { activeCyclesResponse } from '../../shared/schemas/cycle';
import type { intakeIssueListResponse } from '../../shared/schemas/intake';
import type { notificationPage } from '../../shared/schemas/notification';
import type { userActivityResponse } from '../../shared/schemas/issue-extras';
import type { userProfileResponse, userStatsResponse } from '../../shared/schemas/workspace';

export type { AuthSuccess } from '../../shared/schemas/auth';
export type { ErrorBody, UserAdminLite, UserLite } from '../../shared/schemas/responses';
export type { Profile, UserMe, UserSettings } from '../../shared/schemas/user';
export type { ApiToken, Workspace, WorkspaceInvitation, WorkspaceMember } from '../../shared/schemas/workspace';
export type { WebhookEvent, WebhookLogWire as WebhookLog, WebhookWire as Webhook } from '../../shared/schemas/webhook';
export type { RepositorySyncWire as RepositorySync, WorkspaceIntegrationWire as WorkspaceIntegration } from '../../shared/schemas/integration';
export type { InstanceConfig, InstanceConfigurationRow, InstanceInfo } from '../../shared/schemas/instance';
export type { IssueListItem } from '../../shared/schemas/issue';
export type { IssueListResponse } from '../../shared/schemas/issue-list';
export type {
  IssueActivity,
  IssueAttachment,
  IssueComment,
  IssueDetail,
  IssueLink,
  IssueReaction,
  RelatedIssue,
} from '../../shared/schemas/issue-extras';
export type { DeployBoard, Project, ProjectListItem } from '../../shared/schemas/project';
export type { ProjectMember, ProjectMemberRole } from '../../shared/schemas/project-member';
export type { State } from '../../shared/schemas/state';
export type { Label } from '../../shared/schemas/label';
export type { Estimate, EstimatePoint } from '../../shared/schemas/estimate';
export type { Favorite } from '../../shared/schemas/favorite';
export type { Page, PageDetail } from '../../shared/schemas/page';
export type { ActiveCycle, Cycle, CycleAnalytics, CycleProgress } from '../../shared/schemas/cycle';
export type { Module, ModuleDetail, ModuleLink } from '../../shared/schemas/module';
export type { View } from '../../shared/schemas/view';

export type OnboardingStep = z.infer<typeof onboardingStepResponse>;
/** `GET /api/instances/`: the instance and its public config. */
export type InstanceResponse = z.infer<typeof instanceStatusResponse>;
/** The instance admin (`instances/admins/me/`, and the user of the admin session). */
export type AdminMe = z.infer<typeof adminMeResponse>;
/** `GET /api/instances/admins/session/`. */
export type AdminSession = z.infer<typeof adminSessionResponse>;
/** One page of `GET /api/workspaces/{ws}/active-cycles/`. */
export type ActiveCyclesPage = z.infer<typeof activeCyclesResponse>;
/** One page of `GET …/projects/{id}/intake-issues/`. */
export type IntakeIssuePage = z.infer<typeof intakeIssueListResponse>;
/** One page of `GET …/users/notifications/` (asked with a cursor, so never the bare list). */
export type NotificationPage = z.infer<typeof notificationPage>;
/** One page of `GET /api/workspaces/{ws}/user-activity/{userId}/`. */
export type UserActivityPage = z.infer<typeof userActivityResponse>;
/** `GET /api/workspaces/{ws}/user-profile/{userId}/`: a member's card and their figures per project. */
export type MemberProfile = z.infer<typeof userProfileResponse>;
/** `GET /api/workspaces/{ws}/user-stats/{userId}/`: a member's issue counts and distributions. */
export type MemberStats = z.infer<typeof userStatsResponse>;

/**
 * A row as a client store keeps it: the wire type, with only the `Required` fields guaranteed —
 * a live event or an optimistic row carries fewer fields than the list or detail answer.
 */
export type StoreRow<Wire, Required extends keyof Wire> = Pick<Wire, Required> & Partial<Omit<Wire, Required>>;
export type { NotificationWire as Notification, UnreadCounts } from '../../shared/schemas/notification';
export type { IntakeIssueWire as IntakeIssue, IntakeIssueDetailWire as IntakeIssueDetail } from '../../shared/schemas/intake';
