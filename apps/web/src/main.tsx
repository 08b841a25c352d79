import './lib/zod-config.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './lib/i18n.ts';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// The first render waits for the current language's core texts (bundled in Bulgarian, a chunk in Italian).
void i18nReady.then(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
