// A yes/no dialog for destructive actions; the confirm button shows progress and errors stay inside.
import { useState } from 'react';
import { useFormError } from '../auth/use-form-error';
import { useT } from '../i18n';
import { Alert } from './alert';
import { Button, Dialog } from '../ui';

export function ConfirmDialog({ title, message, confirmLabel, onConfirm, onClose }: {
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}) {
  const t = useT();
  const [busy, setBusy] = useState(false);
  const errors = useFormError();

  const handleConfirm = async () => {
    setBusy(true);
    const done = await errors.attempt(async () => {
      await onConfirm();
      onClose();
    });
    if (!done) setBusy(false);
  };

  return (
    <Dialog
      title={title}
      onClose={onClose}
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button variant="danger" busy={busy} onClick={() => void handleConfirm()} data-testid="confirm-button">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {errors.banner && <Alert>{errors.banner}</Alert>}
      <p>{message}</p>
    </Dialog>
  );
}
