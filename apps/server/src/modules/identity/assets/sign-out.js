// Confirms a sign-out that our own web app asked for with a valid ID token, so nobody has
// to press a button. A file, not an inline script: the site's CSP allows only our origin.
// Without JavaScript the buttons on the page still work.
document.querySelector('[data-auto-submit]')?.click();
