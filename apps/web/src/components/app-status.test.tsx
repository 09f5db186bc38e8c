import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { AppStatus } from './app-status.tsx';

describe('AppStatus', () => {
  it('starts as index.html does: the page shows the same card before the script runs', () => {
    const html = readFileSync(path.join(import.meta.dirname, '../../index.html'), 'utf8');
    const shell = /<div id="root">(.*?)<\/div>\n/s.exec(html)?.[1];
    const { container } = render(<AppStatus title="Starting Lanparty…" isBusy />);
    // The same elements, attributes and text; only how each attribute is written differs.
    const parse = (markup: string) => {
      const template = document.createElement('template');
      template.innerHTML = markup;
      return template.content;
    };
    expect(shell).toBeDefined();
    expect(parse(shell ?? '').firstElementChild?.isEqualNode(container.firstElementChild)).toBe(
      true,
    );
  });
});
