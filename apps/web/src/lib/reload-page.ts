/**
 * Loads the page again from the server: what "Try again" does after a screen failed to
 * render or a section of the site failed to download. (A section that failed to download
 * is also asked for again by itself once the site answers: RouteError.)
 */
export function reloadPage(): void {
  window.location.reload();
}
