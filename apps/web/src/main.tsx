import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import './styles/fonts.css';
import './styles/theme.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element to render Lanparty into.');
}

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
