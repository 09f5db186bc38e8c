/**
 * Loads the page again from the server: what "Try again" does after a screen failed to
 * render or a section of the site failed to download. The router keeps a failed lazy
 * import for good, so only a reload fetches the section again.
 */
export function reloadPage(): void {
  window.location.reload();
}
