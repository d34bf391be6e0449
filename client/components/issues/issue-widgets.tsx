// The collapsible widgets of the issue detail: sub-issues (with state distribution and progress),
// relations, links and attachments. Sub-issues, links and attachments start open (spec §9).
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { STATE_GROUPS, STATE_GROUP_COLORS } from '../../../shared/issue-constants';
import { getCsrfToken } from '../../api/http';
import { useT } from '../../i18n';
import { addLink, addRelation, addSubIssues, deleteAttachment, deleteLink, removeRelation, removeSubIssue, uploadAttachment, useIssueDetail } from '../../stores/issue-detail-store';
import { issueKey, useIssues, type Issue } from '../../stores/issue-store';
import { useProject } from '../../stores/project-store';
import { useStateMap } from '../../stores/state-store';
import { STATE_GROUP_LABEL } from './labels';
import { toastOnFailure } from '../../stores/toast-store';
import { Button, ChipPopover, Combobox, Select } from '../../ui';

export function Widget({ title, defaultOpen, children, testId }: { title: string; defaultOpen: boolean; children: ReactNode; testId?: string }) {
  const [open, setOpen] = useState(defaultOpen);
  return (
    <section className="widget" data-testid={testId}>
      <button type="button" className="widget-header" aria-expanded={open} onClick={() => setOpen(!open)}>
        {open ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />} {title}
      </button>
      {open && <div className="widget-body">{children}</div>}
    </section>
  );
}

/** A searchable issue picker (sub-issues, relations): type a key or words of the name, Enter to pick. */
function IssuePicker({ projectId, exclude, onPick, testId }: { projectId: string; exclude: Set<string>; onPick: (issue: Issue) => void; testId: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const project = useProject(projectId);
  const issues = useIssues().filter((issue) => issue.project_id === projectId && !exclude.has(issue.id) && !issue.is_local_update);
  return (
    <ChipPopover label={t('issue.pick')} valueText={`${t('issue.pick')}…`} spokenValue={t('issue.pick')} open={open} onOpenChange={setOpen} testId={testId}>
      <Combobox
        label={t('issue.pick')}
        options={open ? issues.map((issue) => ({ value: issue.id, label: `${issueKey(project?.identifier, issue)} ${issue.name}` })) : []}
        selected={[]}
        onSelect={(value) => {
          const found = issues.find((issue) => issue.id === value);
          setOpen(false);
          if (found) onPick(found);
        }}
      />
    </ChipPopover>
  );
}

export function SubIssuesWidget({ slug, issue, canEdit }: { slug: string; issue: Issue; canEdit: boolean }) {
  const t = useT();
  const detail = useIssueDetail(issue.id);
  const project = useProject(issue.project_id);
  const states = useStateMap();
  // Children as the store shows them now, so a state change elsewhere moves the distribution.
  const all = useIssues();
  const children = all.filter((row) => row.parent_id === issue.id);
  const rows = children.length ? children : detail.subIssues;
  const groupOf = (row: Issue) => (row.state_id ? states.get(row.state_id)?.group : undefined) ?? row.state__group ?? 'backlog';
  const total = rows.length;
  const done = rows.filter((row) => groupOf(row) === 'completed').length;
  return (
    <Widget title={t('issue.subIssues', { count: total })} defaultOpen testId="sub-issues-widget">
      {total > 0 && (
        <div className="progress" title={t('issue.progress', { done, total })} aria-label={t('issue.progress', { done, total })}>
          {STATE_GROUPS.map((group) => {
            const count = rows.filter((row) => groupOf(row) === group).length;
            return count ? <span key={group} className="progress-part" style={{ width: `${(count / total) * 100}%`, background: STATE_GROUP_COLORS[group] }} title={`${t(STATE_GROUP_LABEL[group])}: ${count}`} /> : null;
          })}
        </div>
      )}
      <ul className="plain-list">
        {rows.map((child) => (
          <li key={child.id} className="plain-row">
            <span className="dot" style={{ background: STATE_GROUP_COLORS[groupOf(child)] }} aria-hidden="true" />
            <span className="issue-key">{issueKey(project?.identifier, child)}</span> {child.name}
            {canEdit && <button type="button" className="link-button" onClick={() => toastOnFailure(removeSubIssue(slug, issue, child))}>{t('issue.removeParent')}</button>}
          </li>
        ))}
      </ul>
      {canEdit && <IssuePicker projectId={issue.project_id} exclude={new Set([issue.id, ...rows.map((row) => row.id), issue.parent_id ?? ''])} onPick={(child) => toastOnFailure(addSubIssues(slug, issue, [child]))} testId="sub-issue-picker" />}
    </Widget>
  );
}

const RELATION_TYPES = ['blocking', 'blocked_by', 'relates_to', 'duplicate', 'start_before', 'start_after', 'finish_before', 'finish_after', 'implements', 'implemented_by'] as const;

export function RelationsWidget({ slug, issue, canEdit }: { slug: string; issue: Issue; canEdit: boolean }) {
  const t = useT();
  const detail = useIssueDetail(issue.id);
  const project = useProject(issue.project_id);
  const [type, setType] = useState<(typeof RELATION_TYPES)[number]>('relates_to');
  const related = new Set(Object.values(detail.relations).flat().map((row) => row.id));
  return (
    <Widget title={t('issue.relations')} defaultOpen={false} testId="relations-widget">
      {RELATION_TYPES.filter((key) => (detail.relations[key] ?? []).length > 0).map((key) => (
        <div key={key}>
          <p className="menu-section">{t(`relation.${key}`)}</p>
          <ul className="plain-list">
            {(detail.relations[key] ?? []).map((row) => (
              <li key={row.id} className="plain-row">
                <span className="issue-key">{issueKey(project?.identifier, row)}</span> {row.name}
                {canEdit && <button type="button" className="link-button" onClick={() => toastOnFailure(removeRelation(slug, issue, key, row.id))}>{t('common.remove')}</button>}
              </li>
            ))}
          </ul>
        </div>
      ))}
      {canEdit && (
        <div className="inline-form">
          <Select
            className="select-sm"
            label={t('issue.relationType')}
            value={type}
            options={RELATION_TYPES.map((key) => ({ value: key, label: t(`relation.${key}`) }))}
            onChange={(value) => setType(value as typeof type)}
            testId="relation-type"
          />
          <IssuePicker projectId={issue.project_id} exclude={new Set([issue.id, ...related])} onPick={(other) => toastOnFailure(addRelation(slug, issue, type, { id: other.id, name: other.name, sequence_id: other.sequence_id, project_id: other.project_id }))} testId="relation-picker" />
        </div>
      )}
    </Widget>
  );
}

export function LinksWidget({ slug, issue, canEdit }: { slug: string; issue: Issue; canEdit: boolean }) {
  const t = useT();
  const detail = useIssueDetail(issue.id);
  const [url, setUrl] = useState('');
  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!url.trim()) return;
    toastOnFailure(addLink(slug, issue, url.trim()));
    setUrl('');
  };
  return (
    <Widget title={t('issue.links', { count: detail.links.length })} defaultOpen testId="links-widget">
      <ul className="plain-list">
        {detail.links.map((link) => (
          <li key={link.id} className="plain-row">
            <a href={link.url} target="_blank" rel="noreferrer noopener">{link.title || link.url}</a>
            {canEdit && <button type="button" className="link-button" onClick={() => toastOnFailure(deleteLink(slug, issue, link.id))}>{t('common.remove')}</button>}
          </li>
        ))}
      </ul>
      {canEdit && (
        <form className="inline-form" onSubmit={handleSubmit}>
          <input className="input input-sm" type="text" value={url} placeholder="https://" aria-label={t('issue.addLink')} onChange={(event) => setUrl(event.target.value)} data-testid="link-input" />
          <Button type="submit" variant="secondary" size="sm">{t('issue.addLink')}</Button>
        </form>
      )}
    </Widget>
  );
}

export function AttachmentsWidget({ slug, issue, canEdit }: { slug: string; issue: Issue; canEdit: boolean }) {
  const t = useT();
  const detail = useIssueDetail(issue.id);
  const base = `/api/workspaces/${encodeURIComponent(slug)}/projects/${issue.project_id}/issues/${issue.id}/issue-attachments/`;
  const handleFiles = async (files: FileList | null) => {
    if (!files) return;
    const token = await getCsrfToken();
    for (const file of Array.from(files)) await toastOnFailure(uploadAttachment(slug, issue, file, token));
  };
  return (
    <Widget title={t('issue.attachments', { count: detail.attachments.length })} defaultOpen testId="attachments-widget">
      <ul className="plain-list">
        {detail.uploads.map((upload) => (
          <li key={upload.name} className="plain-row">
            {upload.name} <progress max={100} value={upload.progress} aria-label={t('issue.uploading', { name: upload.name })} /> {upload.progress}%
          </li>
        ))}
        {detail.attachments.map((attachment) => (
          <li key={attachment.id} className="plain-row">
            <a href={`${base}${attachment.id}/download/`}>{attachment.attributes?.name ?? attachment.asset ?? attachment.id}</a>
            {canEdit && <button type="button" className="link-button" onClick={() => toastOnFailure(deleteAttachment(slug, issue, attachment.id))}>{t('common.remove')}</button>}
          </li>
        ))}
      </ul>
      {canEdit && (
        <label className="btn btn-secondary btn-sm">
          {t('issue.upload')}
          <input type="file" className="sr-only" multiple onChange={(event) => void handleFiles(event.target.files)} data-testid="attachment-input" />
        </label>
      )}
    </Widget>
  );
}
