import { VitePWA } from 'vite-plugin-pwa';

/** The site's colour behind the installed app's icon and its splash screen (theme.css). */
const nightBlue = '#0a0e1c';

/**
 * The installable app (issue 53, decision 055): the web app manifest, and the service
 * worker `src/service-worker/sw.ts` built with the list of the app's files to precache
 * (vite-plugin-pwa's injectManifest; Workbox's own modules do the work). The page
 * registers it itself after its first paint (lib/offline/service-worker.ts), so nothing of
 * it weighs on the first screen. What it precaches: the app's page and every file of the
 * app (scripts, styles, fonts, pictures), not the pages built apart (a lan's screen, the
 * erased account's, the sign-in-first page) nor source maps. The QR reader's WebAssembly
 * (1 MB) only on a door that scans: kept as it is fetched (sw.ts).
 */
export function pwaBuild() {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      name: 'Lanparty',
      short_name: 'Lanparty',
      description: 'Our lan parties: your ticket, seat and schedule, lanners and leaderboards.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: nightBlue,
      background_color: nightBlue,
      icons: [192, 512].flatMap((size) =>
        (['any', 'maskable'] as const).map((purpose) => ({
          src: `/icons/icon-${size}.png`,
          sizes: `${size}x${size}`,
          type: 'image/png',
          purpose,
        })),
      ),
    },
    injectManifest: {
      globPatterns: ['index.html', 'assets/**/*.{js,css,woff2,webp,png,svg}', 'icons/*.png'],
      globIgnores: [
        'assets/sign-in-first-*',
        'assets/screen-*',
        'assets/account-erased-*',
        'assets/apart-*',
      ],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
    },
  });
}
