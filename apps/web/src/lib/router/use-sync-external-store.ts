// wouter asks for use-sync-external-store's shim, a fallback for React before 18; this app
// runs React 19, whose own hook it is (vite.config.ts points the shim here).
export { useSyncExternalStore } from 'react';
