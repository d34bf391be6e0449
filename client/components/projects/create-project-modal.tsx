// The create-project modal: name, identifier (derived from the name, checked through
// project-identifiers while typing), description and visibility.
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate } from '@tanstack/react-router';
import { readErrorText, ApiError } from '../../api/http';
import { useT } from '../../i18n';
import { createProject, isIdentifierTaken } from '../../stores/project-store';
import { SelectField } from '../field';
import { ProjectNetwork } from '../../../shared/visibility';
import { Button, Dialog } from '../../ui';

const FORBIDDEN = /[&+,:;$^}{*=?@#|'<>.()%!-]/;

/** An identifier suggested from a project name: initials or the first letters, upper-case, ≤ 5. */
export function suggestIdentifier(name: string): string {
  const words = name.trim().toUpperCase().replace(/[^A-Z0-9 ]/g, '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  return (words.length > 1 ? words.map((word) => word[0]).join('') : words[0]!).slice(0, 5);
}

export function CreateProjectModal({ slug, onClose }: { slug: string; onClose: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [identifier, setIdentifier] = useState('');
  const [touched, setTouched] = useState(false);
  const [description, setDescription] = useState('');
  const [network, setNetwork] = useState<number>(ProjectNetwork.PUBLIC);
  const [taken, setTaken] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!touched) setIdentifier(suggestIdentifier(name));
  }, [name, touched]);

  useEffect(() => {
    setTaken(false);
    if (!identifier) return;
    const controller = new AbortController();
    const timer = setTimeout(() => void isIdentifierTaken(slug, identifier, controller.signal).then(setTaken).catch(() => {
      // Advisory only (the server refuses a taken identifier on submit), and aborted on each keystroke.
    }), 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [slug, identifier]);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!name.trim()) next.name = t('common.required');
    else if (FORBIDDEN.test(name)) next.name = t('project.nameInvalid');
    if (!identifier) next.identifier = t('common.required');
    else if (FORBIDDEN.test(identifier) || identifier.length > 12) next.identifier = t('project.identifierInvalid');
    else if (taken) next.identifier = t('project.identifierTaken');
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      const project = await createProject(slug, { name: name.trim(), identifier, description, network });
      onClose();
      void navigate({ to: '/$workspaceSlug/projects/$projectId/issues', params: { workspaceSlug: slug, projectId: project.id } });
    } catch (error) {
      const body = error instanceof ApiError ? (error.body as Record<string, unknown>) : null;
      const fieldText = (field: string) => (Array.isArray(body?.[field]) ? String((body![field] as string[])[0]) : '');
      setErrors({ name: fieldText('name'), identifier: fieldText('identifier'), form: fieldText('name') || fieldText('identifier') ? '' : readErrorText(body) ?? t('common.errorGeneric') });
      setBusy(false);
    }
  };

  return (
    <Dialog title={t('project.create')} onClose={onClose} testId="create-project-modal" footer={<Button type="submit" form="create-project-form" busy={busy} data-testid="create-project-submit">{t('project.create')}</Button>}>
      <form id="create-project-form" className="form" onSubmit={(event) => void handleSubmit(event)}>
        {errors.form && <p className="field-error" role="alert">{errors.form}</p>}
        <label className="field">
          <span className="field-label">{t('project.name')}</span>
          <input className="input" value={name} maxLength={255} onChange={(event) => setName(event.target.value)} data-testid="project-name" />
          {errors.name && <span className="field-error">{errors.name}</span>}
        </label>
        <label className="field">
          <span className="field-label">{t('project.identifier')}</span>
          <input className="input" value={identifier} maxLength={12} onChange={(event) => { setTouched(true); setIdentifier(event.target.value.toUpperCase()); }} data-testid="project-identifier" />
          {(errors.identifier || taken) && <span className="field-error">{errors.identifier || t('project.identifierTaken')}</span>}
        </label>
        <label className="field">
          <span className="field-label">{t('project.description')}</span>
          <textarea className="input" rows={3} value={description} onChange={(event) => setDescription(event.target.value)} />
        </label>
        <SelectField
          label={t('project.visibility')}
          value={String(network)}
          options={[{ value: String(ProjectNetwork.PUBLIC), label: t('project.public') }, { value: String(ProjectNetwork.SECRET), label: t('project.private') }]}
          onChange={(value) => setNetwork(Number(value))}
          testId="create-project-network"
        />
      </form>
    </Dialog>
  );
}
