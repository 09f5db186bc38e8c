import { fieldLabel } from '@lanparty/contract';
import { html, type SafeHtml, trustedHtml } from './html.ts';
import { type PageAssets, renderLayout } from './page-layout.ts';

export const firstAccountNotice =
  "No one has an account yet: the first account created becomes the site's administrator.";

export type DemoAccountListing = { username: string; roles: readonly string[] };

export type SignInPageModel = {
  assets: PageAssets;
  actionUrl: string;
  createAccountUrl: string;
  steamUrl: string;
  username?: string;
  error?: string;
  isSiteEmpty: boolean;
  /** Listed only in demo mode. */
  demoAccounts?: readonly DemoAccountListing[];
};

const steamIcon = trustedHtml(
  '<svg class="button-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path fill="currentColor" d="M12 2a10 10 0 0 0-9.96 9.2l5.36 2.2a2.8 2.8 0 0 1 1.6-.5h.15l2.38-3.46v-.05a3.77 3.77 0 1 1 3.77 3.77h-.09l-3.4 2.42v.13a2.83 2.83 0 0 1-5.6.57L2.4 14.8A10 10 0 1 0 12 2Zm-3.72 15.2-1.23-.5a2.13 2.13 0 1 0 1.16-2.9l1.27.52a1.57 1.57 0 1 1-1.2 2.9Zm9.27-7.58a2.51 2.51 0 1 0-2.51 2.51 2.51 2.51 0 0 0 2.51-2.51Zm-4.4 0a1.89 1.89 0 1 1 1.89 1.89 1.89 1.89 0 0 1-1.89-1.89Z"/></svg>',
);

function notice(isSiteEmpty: boolean): SafeHtml | false {
  return isSiteEmpty && html`<p class="notice">${firstAccountNotice}</p>`;
}

/** The sign-in page: username and password, Steam, and the way to a new account. */
export function renderSignInPage(model: SignInPageModel): string {
  const hasError = model.error !== undefined;
  const errorLink = hasError && html` aria-invalid="true" aria-describedby="sign-in-error"`;
  const content = html`<h1>Sign in</h1>
<p class="lead">Sign in to join the next lan.</p>
${notice(model.isSiteEmpty)}
${hasError && html`<p class="alert" role="alert" id="sign-in-error">${model.error}</p>`}
<form class="form" method="post" action="${model.actionUrl}" novalidate>
<div class="field">
<label for="username">Username</label>
<input id="username" name="username" type="text" autocomplete="username" autocapitalize="none" spellcheck="false" required maxlength="254" value="${model.username ?? ''}"${errorLink}${!model.username && html` autofocus`}>
</div>
<div class="field">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${errorLink}${model.username && html` autofocus`}>
</div>
<button class="button button-primary" type="submit">Sign in</button>
</form>
<div class="divider"><span>or</span></div>
<a class="button button-steam" href="${model.steamUrl}">${steamIcon}Sign in through Steam</a>
<p class="switch">New here? <a href="${model.createAccountUrl}">Create an account</a></p>
${model.demoAccounts && renderDemoAccounts(model.demoAccounts)}`;
  return renderLayout({
    title: 'Sign in',
    assets: model.assets,
    content,
    isWide: model.demoAccounts !== undefined,
  });
}

function renderDemoAccounts(accounts: readonly DemoAccountListing[]): SafeHtml {
  const rows = accounts.map(
    (account) =>
      html`<tr><th scope="row">${account.username}</th><td class="demo-password"><code>${account.username}</code></td><td>${account.roles.length > 0 ? account.roles.map(fieldLabel).join(', ') : html`<span class="muted">none</span>`}</td></tr>`,
  );
  return html`<section class="demo" aria-labelledby="demo-heading">
<h2 id="demo-heading">Demo accounts</h2>
<p>This is a demo site. Sign in with any of these accounts; each password is the account's name.</p>
<div class="table-scroll">
<table>
<thead><tr><th scope="col">Account</th><th scope="col" class="demo-password">Password</th><th scope="col">Roles</th></tr></thead>
<tbody>${rows}</tbody>
</table>
</div>
</section>`;
}

export type CreateAccountField = 'username' | 'email' | 'password' | 'passwordRepeat';
export type CreateAccountErrors = Partial<Record<CreateAccountField, string>>;

export type CreateAccountPageModel = {
  assets: PageAssets;
  actionUrl: string;
  signInUrl: string;
  /** What was typed, passwords never included. */
  values: { username?: string; email?: string };
  errors: CreateAccountErrors;
  isSiteEmpty: boolean;
};

type FieldOptions = {
  name: CreateAccountField;
  label: string;
  type: 'text' | 'email' | 'password';
  autocomplete: string;
  value?: string;
  hint?: string;
  error?: string;
  isFirstInvalid: boolean;
};

function renderField(options: FieldOptions): SafeHtml {
  const hintId = options.hint && `${options.name}-hint`;
  const errorId = options.error && `${options.name}-error`;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ');
  return html`<div class="field${options.error ? ' field-invalid' : ''}">
<label for="${options.name}">${options.label}</label>
${options.hint && html`<p class="hint" id="${hintId}">${options.hint}</p>`}
<input id="${options.name}" name="${options.name}" type="${options.type}" autocomplete="${options.autocomplete}" required${options.type !== 'password' && html` value="${options.value ?? ''}"`}${options.type === 'text' && html` autocapitalize="none" spellcheck="false"`}${describedBy && html` aria-describedby="${describedBy}"`}${options.error && html` aria-invalid="true"`}${options.isFirstInvalid && html` autofocus`}>
${options.error && html`<p class="field-error" id="${errorId}">${options.error}</p>`}
</div>`;
}

/** The create-account page; every error sits under its field, and typed values are kept. */
export function renderCreateAccountPage(model: CreateAccountPageModel): string {
  const { errors, values } = model;
  const invalid = (['username', 'email', 'password', 'passwordRepeat'] as const).filter(
    (name) => errors[name] !== undefined,
  );
  const first = invalid[0];
  const content = html`<h1>Create an account</h1>
<p class="lead">Pick a username and a password, or go back and sign in through Steam instead.</p>
${notice(model.isSiteEmpty)}
${invalid.length > 0 && html`<p class="alert" role="alert">${invalid.length === 1 ? 'One field needs' : `${invalid.length} fields need`} your attention.</p>`}
<form class="form" method="post" action="${model.actionUrl}" novalidate>
${renderField({ name: 'username', label: 'Username', type: 'text', autocomplete: 'username', value: values.username, hint: '3 to 32 characters: letters, digits, dots, underscores and hyphens.', error: errors.username, isFirstInvalid: first === 'username' })}
${renderField({ name: 'email', label: 'Email', type: 'email', autocomplete: 'email', value: values.email, hint: 'We send you a link to verify it.', error: errors.email, isFirstInvalid: first === 'email' })}
${renderField({ name: 'password', label: 'Password', type: 'password', autocomplete: 'new-password', hint: 'At least 10 characters.', error: errors.password, isFirstInvalid: first === 'password' })}
${renderField({ name: 'passwordRepeat', label: 'Repeat password', type: 'password', autocomplete: 'new-password', error: errors.passwordRepeat, isFirstInvalid: first === 'passwordRepeat' })}
<button class="button button-primary" type="submit">Create account</button>
</form>
<p class="switch">Already have an account? <a href="${model.signInUrl}">Sign in</a></p>`;
  return renderLayout({ title: 'Create account', assets: model.assets, content });
}

export type MessagePageModel = {
  assets: PageAssets;
  title: string;
  heading: string;
  message: string;
  link?: { href: string; text: string };
};

/** A page that only tells something: an expired sign-in, an error, a finished sign-out. */
export function renderMessagePage(model: MessagePageModel): string {
  const content = html`<h1>${model.heading}</h1>
<p class="lead">${model.message}</p>
${model.link && html`<a class="button button-primary" href="${model.link.href}">${model.link.text}</a>`}`;
  return renderLayout({ title: model.title, assets: model.assets, content });
}

export type SignOutPageModel = {
  assets: PageAssets;
  /** oidc-provider's hidden form (`op.logoutForm`) carrying its anti-forgery token. */
  formHtml: string;
  /** Our own app asked with a valid ID token: confirm without asking (sign-out.js). */
  isAutomatic: boolean;
};

/** The confirmation of a sign-out; for our own app it confirms itself. */
export function renderSignOutPage(model: SignOutPageModel): string {
  const content = html`<h1>Sign out of Lanparty?</h1>
<p class="lead">${model.isAutomatic ? 'Signing you out…' : 'You will be signed out of Lanparty on this device.'}</p>
${trustedHtml(model.formHtml)}
<div class="actions">
<button class="button button-primary" type="submit" form="op.logoutForm" name="logout" value="yes"${model.isAutomatic && html` data-auto-submit`}>Sign out</button>
<button class="button button-secondary" type="submit" form="op.logoutForm">Stay signed in</button>
</div>`;
  return renderLayout({
    title: 'Sign out',
    assets: model.assets,
    content,
    scripts: model.isAutomatic ? ['sign-out.js'] : [],
  });
}
