/** The console's browser entry: load translations, then render the routed app. */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { initI18n } from './lib/i18n';
import './styles.css';

function render(): void {
  const container = document.getElementById('root');
  if (!container) return;
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

// Render even if translations failed to load: screens then show their keys rather than nothing.
void initI18n().then(render, render);
