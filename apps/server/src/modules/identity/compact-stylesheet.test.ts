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

  it('keeps every rule and declaration of the real stylesheet, without its comments or the whitespace around them', async () => {
    const css = String(await readFile(new URL('./assets/sign-in.css', import.meta.url)));
    const compact = compactStylesheet(css);
    expect(compact).not.toContain('/*');
    expect(compact).not.toMatch(/\s[{};]|[{};]\s/);
    expect(compact).not.toMatch(/^\s|\s$/);
    // What a parser reads: selectors, at-rules and declarations in order, each with its
    // whitespace made one space; the same before and after.
    const parsed = (text: string) =>
      text
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .split(/([{};])/)
        .map((part) => part.replace(/\s+/g, ' ').trim())
        .filter((part) => part !== '');
    expect(parsed(css)).toContain('{');
    expect(parsed(compact)).toEqual(parsed(css));
  });
});
