import { webProject } from './vitest.shared.ts';

export default webProject('web', { isolate: false });
