import { html, type SafeHtml } from './html.ts';

/** Where the pages find their stylesheet and script, and which version of them to ask for. */
export type PageAssets = { basePath: string; version: string };

type LayoutOptions = {
  /** The detail of the page title; " – Lanparty" is added, as on the rest of the site. */
  title: string;
  assets: PageAssets;
  content: SafeHtml;
  /** Scripts from our own origin only: the site's CSP allows no inline script. */
  scripts?: string[];
  /** A wider card, for pages with a table. */
  isWide?: boolean;
};

/** The frame of every page of the identity provider, in the site's dark look. */
export function renderLayout(options: LayoutOptions): string {
  const { assets } = options;
  const stylesheet = `${assets.basePath}/assets/sign-in.css?v=${assets.version}`;
  const scripts = (options.scripts ?? []).map(
    (name) =>
      html`<script src="${assets.basePath}/assets/${name}?v=${assets.version}" defer></script>`,
  );
  return html`<!doctype html>
<html lang="en-US">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="dark">
<meta name="robots" content="noindex">
<title>${options.title} – Lanparty</title>
<link rel="icon" type="image/svg+xml" href="${assets.basePath}/assets/favicon.svg?v=${assets.version}">
<link rel="stylesheet" href="${stylesheet}">
${scripts}
</head>
<body>
<div class="shell">
<header class="masthead">
<p class="brand"><span class="brand-mark" aria-hidden="true"></span>Lanparty</p>
</header>
<main class="card${options.isWide ? ' card-wide' : ''}">
${options.content}
</main>
</div>
</body>
</html>
`.markup;
}
