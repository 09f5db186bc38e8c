import { spawn } from 'node:child_process';
import path from 'node:path';
import { repositoryRoot, webAppDir } from './web-build.ts';

/**
 * `npm run dev`: the API restarts on every change (node --watch) and Vite serves the
 * web app with hot reload at http://localhost:5173, proxying /api to the API.
 */
const children = [
  spawn(process.execPath, ['--watch', path.join(repositoryRoot, 'apps/server/src/server.ts')], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env },
  }),
  spawn(process.execPath, [path.join(repositoryRoot, 'node_modules/vite/bin/vite.js')], {
    cwd: webAppDir,
    stdio: 'inherit',
  }),
];
const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.once('SIGINT', stopAll);
process.once('SIGTERM', stopAll);
for (const child of children) child.once('exit', stopAll);
