import { webProject } from './vitest.shared.ts';

/** The web's test files that replace a module, each in a module graph of its own. */
export default webProject('web-isolated', { isolate: true });
