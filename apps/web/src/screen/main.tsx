import '../styles/theme.css';
import '../styles/global.css';
import { showSiteFonts } from '../styles/load-fonts.ts';
import { startScreen } from './start-screen.tsx';

/** A lan's screen (/screen/{token}, issue 35): a page and a build of its own (screen-build.ts). */
const container = document.getElementById('root');
if (!container) throw new Error('screen.html has no #root element to show the screen in.');
// A screen on a wall has nothing to hurry for: its fonts at once.
showSiteFonts();
startScreen(container);
