/** What the build was made from; see apps/web/build-info.ts, which Vite injects. */
export type BuildInfo = {
  version: string;
  branch: string;
  commit: string;
  /** Vite's mode: 'production', 'development' or 'test'. */
  mode: string;
};

declare const __LANPARTY_BUILD_INFO__: BuildInfo;

export const buildInfo: BuildInfo = __LANPARTY_BUILD_INFO__;

export function isProductionBuild(info: BuildInfo): boolean {
  return info.mode === 'production';
}
