// Where toasts render: bottom-right, following the app's theme, labels in the interface language.
import { Toaster as SonnerToaster } from 'sonner';
import { useT } from '../i18n';
import { useResolvedTheme } from './theme';

export function Toaster() {
  const t = useT();
  const theme = useResolvedTheme();
  return (
    <SonnerToaster
      position="bottom-right"
      theme={theme}
      closeButton
      visibleToasts={4}
      containerAriaLabel={t('ui.toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('common.dismiss'), className: 'ui-toast' }}
    />
  );
}
