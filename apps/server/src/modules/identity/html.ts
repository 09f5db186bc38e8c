/** Markup that is already safe: made by `html` or trusted on purpose with `trustedHtml`. */
export class SafeHtml {
  readonly markup: string;
  constructor(markup: string) {
    this.markup = markup;
  }
  toString(): string {
    return this.markup;
  }
}

type Interpolation = SafeHtml | string | number | false | null | undefined | Interpolation[];

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => escapes[character] ?? character);
}

function render(value: Interpolation): string {
  if (value === false || value === null || value === undefined) return '';
  if (value instanceof SafeHtml) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  return escapeHtml(String(value));
}

/**
 * A template tag that escapes every interpolated value unless it is itself `html`, so a
 * username or an error text can never become markup. `false`, null and undefined render
 * as nothing, which keeps conditional parts short: `${hasError && html`…`}`.
 */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  let markup = strings[0] ?? '';
  values.forEach((value, index) => {
    markup += render(value) + (strings[index + 1] ?? '');
  });
  return new SafeHtml(markup);
}

/** Markup from a source we trust (oidc-provider's own hidden logout form). */
export function trustedHtml(markup: string): SafeHtml {
  return new SafeHtml(markup);
}
