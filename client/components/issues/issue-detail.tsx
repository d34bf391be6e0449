// The issue detail body, shared by the full page and the peek overlay: title, description,
// widgets, reactions, activity with comments, and the properties sidebar.
import { ArrowLeft } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useResource } from '../../api/use-resource';
import { useT } from '../../i18n';
import { LazyLiveIssueDescriptionEditor as LiveIssueDescriptionEditor } from '../../editor/lazy-issue-description-editor';
import { isTemporaryId } from '../../stores/create-entity-store';
import { fetchIssueDetail, toggleIssueReaction, useIssueDetail } from '../../stores/issue-detail-store';
import { archiveIssue, issueKey, refreshIssueSubscribed, unarchiveIssue, setIssueSubscribed, updateIssue, useIssue, type Issue } from '../../stores/issue-store';
import { isFinishedStateGroup } from '../../../shared/issue-constants';
import { useProject } from '../../stores/project-store';
import { useSessionStore } from '../../stores/session-store';
import { useStateMap } from '../../stores/state-store';
import { Spinner } from '../feedback';
import { CollapseFlag, toggleCollapsed, useCollapseFlags } from '../app-shell/collapse-flags';
import { IssueActivity } from './issue-activity';
import { ReactionButton } from './reaction-button';
import { REACTIONS } from './reactions';
import { IssueDatePicker } from './issue-date-chip';
import { IssueHotkeyProvider, useDocumentHotkeys, useIssueHotkeyScope } from './issue-hotkeys';
import { AssigneePicker, LabelPicker } from './issue-people-labels';
import { EstimatePicker, PriorityPicker, StatePicker } from './issue-properties';
import { ParentPicker } from './parent-picker';
import { CyclePicker, ModulePicker } from './issue-plan-pickers';
import { AttachmentsWidget, LinksWidget, RelationsWidget, SubIssuesWidget } from './issue-widgets';
import { DeleteIssueModal } from './delete-issue-modal';
import { shortenForToast, toastOnFailure } from '../../stores/toast-store';
import { toast } from '../../ui/toast';
import { Button } from '../../ui';
import { can, memberContext } from '../../../shared/permission-table';
import { canDeleteIssue } from '../../../shared/policies/issue';
import { useProjectCan } from '../../auth/use-project-can';
import { useCurrentWorkspaceSlug, useWorkspace } from '../../stores/workspace-store';

/**
 * Loads the issue's detail once per issue, for the peek overlay (the full page has a route loader;
 * the list under the peek already loaded the project's states, labels and members). A failure is
 * the detail's status 'error'; `error` says which (the overlay tells "not found" from "try again")
 * and `retry` loads it again.
 */
export function useIssueDetailLoader(slug: string, projectId: string | undefined, issueId: string): { status: 'loading' | 'ready' | 'error'; error: unknown; retry: () => void } {
  const detail = useIssueDetail(issueId);
  // An issue made offline (temporary id) is only in the outbox: there is nothing to load yet.
  const key = projectId && !isTemporaryId(issueId) ? `${slug}/${projectId}/${issueId}` : null;
  const loaded = useResource(key, () => fetchIssueDetail(slug, projectId!, issueId));
  return { status: detail.status, error: loaded.error, retry: loaded.reload };
}

export function IssueDetailBody({ slug, issue, onDeleted }: { slug: string; issue: Issue; onDeleted?: () => void }) {
  const t = useT();
  const project = useProject(issue.project_id);
  const detail = useIssueDetail(issue.id);
  const me = useSessionStore((state) => state.user?.id ?? '');
  const canEdit = can('project.edit', memberContext(null, project?.member_role)) || issue.created_by === me;
  // A guest may edit the issue they created, but its links, relations, sub-issues, cycle, module and
  // archive state go through `project.edit` routes (Member+), and deleting is the creator's or an
  // admin's (shared/policies): offer each only to whom the server lets take it.
  const canChangeLinks = useProjectCan('project.edit', issue.project_id);
  const workspaceRole = useWorkspace(useCurrentWorkspaceSlug())?.role ?? null;
  const canDelete = canDeleteIssue({ userId: me, projectRole: project?.member_role ?? null, workspaceRole }, { created_by: issue.created_by ?? null });
  const [title, setTitle] = useState(issue.name);
  const [deleting, setDeleting] = useState(false);
  const sidebarCollapsed = useCollapseFlags((flags) => flags[CollapseFlag.ISSUE_DETAIL_SIDEBAR]);
  const stateGroup = useStateMap().get(issue.state_id ?? '')?.group ?? issue.state__group;
  useEffect(() => setTitle(issue.name), [issue.name]);
  // My change (a link, a comment, a property) subscribes me on the server (reference §7.2), which no
  // live change reports: re-read the flag when I am shown unsubscribed and the issue moved under my hand.
  // The flag is mine alone, so a row that came from a list or a live change may not carry it at all:
  // then it is asked too, rather than shown as "Subscribe". This effect reacts to the row changing
  // (its version), which is not a read a loader or useResource could name: tests/architecture.test.ts allows it.
  const changedByMe = issue.updated_by === me && issue.is_subscribed === false;
  const subscriptionUnknown = issue.is_subscribed === undefined;
  useEffect(() => {
    if (changedByMe || subscriptionUnknown) void refreshIssueSubscribed(slug, issue.id).catch(() => undefined);
  }, [changedByMe, subscriptionUnknown, slug, issue.id, issue.version]);
  // S/P/A/L/D open the sidebar's pickers while this issue is open (see issue-hotkeys.tsx).
  const hotkeys = useIssueHotkeyScope<HTMLDivElement>(canEdit);
  useDocumentHotkeys(canEdit && !sidebarCollapsed, hotkeys.request);

  const saveTitle = () => {
    const next = title.trim();
    if (next && next !== issue.name) void updateIssue(slug, issue.id, { name: next }).catch(() => setTitle(issue.name));
    else setTitle(issue.name);
  };

  return (
    <IssueHotkeyProvider value={hotkeys.scope}>
    <div ref={hotkeys.ref} tabIndex={-1} className={`issue-detail${sidebarCollapsed ? ' issue-detail-collapsed' : ''}`} data-testid="issue-detail">
      <div className="issue-main">
        <p className="issue-key-line">
          <span className="issue-key">{issueKey(project?.identifier, issue)}</span>
          <span className="toolbar-spacer" />
          <button type="button" className="link-button" aria-pressed={!sidebarCollapsed} onClick={() => toggleCollapsed(CollapseFlag.ISSUE_DETAIL_SIDEBAR)} data-testid="toggle-issue-sidebar">
            {sidebarCollapsed ? t('issue.showProperties') : t('issue.hideProperties')}
          </button>
          {issue.archived_at && <span className="badge badge-muted">{t('issue.archived')}</span>}
          {issue.is_draft && <span className="badge badge-muted">{t('issue.draft')}</span>}
        </p>
        <textarea className="issue-title-input" rows={1} value={title} aria-label={t('issue.title')} disabled={!canEdit} onChange={(event) => setTitle(event.target.value)} onBlur={saveTitle} onKeyDown={(event) => event.key === 'Enter' && (event.preventDefault(), (event.target as HTMLTextAreaElement).blur())} data-testid="issue-title-input" />
        {/* Live document: no save on blur, no copy of the html to fall out of step with (#10 item 2). */}
        {/* The shared description document opens once the issue exists on the server (not under a temporary id). */}
        {!isTemporaryId(issue.id) && <LiveIssueDescriptionEditor key={issue.id} slug={slug} projectId={issue.project_id} issueId={issue.id} editable={canEdit && !issue.archived_at} />}
        <div className="reactions">
          {REACTIONS.map((reaction) => {
            const rows = detail.reactions.filter((row) => row.reaction === reaction);
            const mine = rows.some((row) => row.actor === me);
            return (
              <ReactionButton key={reaction} reaction={reaction} count={rows.length} mine={mine} onToggle={() => toastOnFailure(toggleIssueReaction(slug, issue, reaction, me))} testId="issue-reaction" />
            );
          })}
        </div>
        <SubIssuesWidget slug={slug} issue={issue} canEdit={canChangeLinks} />
        <RelationsWidget slug={slug} issue={issue} canEdit={canChangeLinks} />
        <LinksWidget slug={slug} issue={issue} canEdit={canChangeLinks} />
        <AttachmentsWidget slug={slug} issue={issue} canEdit={canEdit} />
        <IssueActivity slug={slug} issue={issue} />
      </div>
      <aside className="issue-sidebar" aria-label={t('issue.properties')} hidden={sidebarCollapsed}>
        <Button size="sm" variant={issue.is_subscribed ? 'secondary' : 'primary'} onClick={() => void setIssueSubscribed(slug, issue.id, !issue.is_subscribed)} data-testid="subscribe-toggle">
          {issue.is_subscribed ? t('issue.unsubscribe') : t('issue.subscribe')}
        </Button>
        <dl className="props">
          <dt>{t('property.state')}</dt><dd><StatePicker slug={slug} issue={issue} disabled={!canEdit} /></dd>
          <dt>{t('property.assignee')}</dt><dd><AssigneePicker slug={slug} issue={issue} disabled={!canEdit} /></dd>
          <dt>{t('property.priority')}</dt><dd><PriorityPicker slug={slug} issue={issue} disabled={!canEdit} /></dd>
          <dt>{t('property.labels')}</dt><dd><LabelPicker slug={slug} issue={issue} disabled={!canEdit} /></dd>
          <dt>{t('property.estimate')}</dt><dd><EstimatePicker slug={slug} issue={issue} disabled={!canEdit} /></dd>
          <dt>{t('property.start_date')}</dt><dd><IssueDatePicker slug={slug} issue={issue} field="start_date" disabled={!canEdit} /></dd>
          <dt>{t('property.due_date')}</dt><dd><IssueDatePicker slug={slug} issue={issue} field="target_date" disabled={!canEdit} /></dd>
          <dt>{t('property.cycle')}</dt><dd><CyclePicker slug={slug} issue={issue} disabled={!canChangeLinks} /></dd>
          <dt>{t('property.modules')}</dt><dd><ModulePicker slug={slug} issue={issue} disabled={!canChangeLinks} /></dd>
          <dt>{t('issue.parent')}</dt><dd><ParentPicker slug={slug} issue={issue} disabled={!canEdit} /></dd>
        </dl>
        {canChangeLinks && !issue.archived_at && isFinishedStateGroup(stateGroup ?? '') && (
          <Button variant="secondary" size="sm" onClick={() => toastOnFailure(archiveIssue(slug, issue.id).then(() => toast.success(t('toast.issueArchived', { name: shortenForToast(issue.name) }), { undo: () => unarchiveIssue(slug, issue.id, issue.project_id) })))} data-testid="archive-issue">{t('issue.archive')}</Button>
        )}
        {canDelete && <Button variant="ghost" size="sm" onClick={() => setDeleting(true)} data-testid="delete-issue">{t('issue.delete')}</Button>}
      </aside>
      {deleting && <DeleteIssueModal slug={slug} issue={issue} onClose={() => setDeleting(false)} onDeleted={onDeleted} />}
    </div>
    </IssueHotkeyProvider>
  );
}

/** The full-page detail (`…/issues/{issueId}`). */
export function IssueDetailPage({ slug, projectId, issueId }: { slug: string; projectId: string; issueId: string }) {
  const t = useT();
  // The route loader (screen-loaders.ts) loads the detail; a refused load leaves status 'error'.
  const status = useIssueDetail(issueId).status;
  const issue = useIssue(issueId);
  if (!issue) return status === 'error' ? <p className="muted" role="alert">{t('issue.notFound')}</p> : <Spinner />;
  return (
    <>
      <Link to="/$workspaceSlug/projects/$projectId/issues" params={{ workspaceSlug: slug, projectId }} className="link-button"><ArrowLeft size={14} aria-hidden="true" /> {t('issue.backToList')}</Link>
      <IssueDetailBody slug={slug} issue={issue} />
    </>
  );
}
