import { startApp } from './app/start-app.tsx';
import './styles/theme.css';
import './styles/global.css';

const container = document.getElementById('root');
if (!container) {
  throw new Error('index.html has no #root element to render Lanparty into.');
}

void startApp(container);
