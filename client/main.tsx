// Entry point: applies the theme, registers the service worker, mounts the router into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './routes/router';
import { startThemeSync } from './ui/theme-sync';
import { startLocale } from './i18n';
import { registerServiceWorker } from './service-worker/register';
import './ui/tokens.css';
import './styles.css';
import './ui/ui.css';

performance.mark('trellis:main');
startThemeSync();
// Production only: lets the app start offline with the shell and the last API answers it saw.
registerServiceWorker();
const router = createAppRouter();

// The browser's language first (a non-English dictionary is its own chunk), then the first render.
void startLocale().finally(() => {
  performance.mark('trellis:render');
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  );
});
