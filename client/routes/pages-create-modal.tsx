// The create-page modal (spec §2): a name and public/private; opens the new page on success.
import { useState, type FormEvent } from 'react';
import { Alert } from '../components/alert';
import { SelectField, TextField } from '../components/field';
import { useFormError } from '../auth/use-form-error';
import { useT } from '../i18n';
import { createPage, type Page } from '../stores/page-store';
import { Button, Dialog } from '../ui';

export function CreatePageModal({ slug, projectId, onCreated, onClose }: {
  slug: string;
  projectId: string;
  onCreated: (page: Page) => void;
  onClose: () => void;
}) {
  const t = useT();
  const [name, setName] = useState('');
  const [access, setAccess] = useState(0);
  const [busy, setBusy] = useState(false);
  const errors = useFormError();

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    const done = await errors.attempt(async () => {
      onCreated(await createPage(slug, projectId, { name: name.trim(), access }));
    });
    if (!done) setBusy(false);
  };

  return (
    <Dialog title={t('pages.create.title')} onClose={onClose} testId="create-page-modal">
      <form onSubmit={(event) => void handleSubmit(event)} className="form">
        {errors.banner && <Alert>{errors.banner}</Alert>}
        <TextField label={t('pages.create.name')} value={name} maxLength={255} onChange={(event) => setName(event.target.value)} placeholder={t('pages.untitled')} data-testid="page-name-input" />
        <SelectField
          label={t('pages.create.access')}
          value={String(access)}
          options={[{ value: '0', label: t('pages.access.public') }, { value: '1', label: t('pages.access.private') }]}
          onChange={(value) => setAccess(Number(value))}
          testId="page-access-select"
        />
        <Button type="submit" busy={busy} block data-testid="create-page-submit">
          {t('pages.create.submit')}
        </Button>
      </form>
    </Dialog>
  );
}
