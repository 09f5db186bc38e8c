import '../styles/theme.css';
import '../styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { showSiteFontsOnceShown } from '../styles/load-fonts.ts';
import { AccountErasedPage } from './account-erased-page.tsx';

/** The erased account's page (/account-erased, issue 51): no sign-in, no app around it. */
const container = document.getElementById('root');
if (!container) throw new Error('account-erased.html has no #root element to show the page in.');
showSiteFontsOnceShown();
createRoot(container).render(
  <StrictMode>
    <AccountErasedPage />
  </StrictMode>,
);
