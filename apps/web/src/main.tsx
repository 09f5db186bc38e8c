import { startApp } from './app/start-app.tsx';
import { isScreenAddress } from './screen/screen-address.ts';
import './styles/fonts.css';
import './styles/theme.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element to render Lanparty into.');
}

// A lan's screen (/screen/{token}, issue 35) signs nobody in: its own small app.
if (isScreenAddress(window.location.pathname))
  void import('./screen/start-screen.tsx').then((screen) => screen.startScreen(container));
else void startApp(container);
