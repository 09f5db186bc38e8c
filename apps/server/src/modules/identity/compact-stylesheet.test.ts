import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { compactStylesheet } from './identity-provider.ts';

describe('the sign-in pages’ stylesheet as sent', () => {
  it('drops comments and the whitespace around rules, keeping values and strings', () => {
    const css = `/* The card.\n * Two lines. */\n.card {\n  border: 1px solid rgb(148 178 230 / 18%);\n  font-family: "Helvetica Neue", Arial;\n}\n\n.note::before {\n  content: "⚠ ";\n}\n`;
    expect(compactStylesheet(css)).toBe(
      '.card{border: 1px solid rgb(148 178 230 / 18%);font-family: "Helvetica Neue", Arial;}' +
        '.note::before{content: "⚠ ";}',
    );
  });

  it('keeps every rule of the real stylesheet, a fifth smaller or more', async () => {
    const css = String(await readFile(new URL('./assets/sign-in.css', import.meta.url)));
    const compact = compactStylesheet(css);
    const rules = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').split('{').length;
    expect(rules(compact)).toBe(rules(css));
    expect(compact).not.toContain('/*');
    expect(compact.length).toBeLessThan(css.length * 0.8);
  });
});
