import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initI18n } from './lib/i18n';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');

void initI18n().then(() =>
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  ),
);
