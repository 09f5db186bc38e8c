import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ScreenApp } from './screen-app.tsx';

/**
 * Starts a lan's screen (/screen/{token}, issue 35): no sign-in, no site around it; the
 * token in the address is the key to what it shows.
 */
export function startScreen(container: HTMLElement): void {
  const token = decodeURIComponent(window.location.pathname.split('/')[2] ?? '');
  document.title = 'Lanparty screen';
  createRoot(container).render(
    <StrictMode>
      <ScreenApp token={token} />
    </StrictMode>,
  );
}
