// Entry point: applies the theme, mounts the router into #root.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from '@tanstack/react-router';
import { createAppRouter } from './routes/router';
import { startThemeSync } from './ui/theme-sync';
import './ui/tokens.css';
import './styles.css';
import './ui/ui.css';

startThemeSync();
const router = createAppRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
