// A "Copy" button for a link or a secret; shows "Copied" once the clipboard took it.
import { useState } from 'react';
import { useT } from '../i18n';
import { Button } from '../ui';

/** A button that copies `text`; if the clipboard is refused, the text is selected for Ctrl+C. */
export function CopyButton({ text, label, fallbackInputId, testId }: { text: string; label?: string; fallbackInputId?: string; testId?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      const input = fallbackInputId ? document.getElementById(fallbackInputId) : null;
      if (input instanceof HTMLInputElement) input.select();
      setCopied(false);
    }
  };
  return (
    <Button variant="secondary" size="sm" onClick={() => void handleCopy()} data-testid={testId}>
      {copied ? t('common.copied') : (label ?? t('common.copy'))}
    </Button>
  );
}
