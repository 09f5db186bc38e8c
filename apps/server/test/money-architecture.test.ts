import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 52: money has one module (`rules/money.ts`): cents inside, one conversion at the
 * API's edge, one formatter. A source file of the server, the web or the contract (tests
 * and scripts aside: a test states the text it expects by hand) that multiplies or divides
 * by 100 for money, writes a currency format of its own or defines a function that formats
 * or converts money fails this test. The few other hundreds (percentages, a picture's
 * coordinates) are listed below, each with its reason.
 */
const moneyModule = 'packages/contract/src/rules/money.ts';
const roots = ['apps/server/src', 'apps/web/src', 'packages/contract/src'];

const hundreds = /[*/]\s*(?:100|1e2|0\.01)(?![\d.])|(?<![\w.])(?:100|1e2)\s*\*/;

const moneyByHand: Array<{ what: string; pattern: RegExp }> = [
  {
    what: 'money multiplied or divided by 100 (centsFromEuros, eurosFromCents)',
    pattern: hundreds,
  },
  {
    what: 'a currency format of its own (formatEuros)',
    pattern: /style\s*:\s*['"]currency['"]|currency\s*:\s*['"][A-Z]{3}['"]|€\$\{|\.toFixed\(2\)/,
  },
  {
    what: 'a function that formats or converts money (formatEuros, centsFromEuros, eurosFromCents)',
    pattern:
      /(?:function\s+|(?:const|let|var)\s+)(?:\w*(?:format|write|show)\w*(?:euro|money|price|amount|cent)\w*|\w*(?:to|from|as|in)(?:euros?|cents)|(?:euros?|cents)(?:from|to)\w*)\s*[=(:<]/i,
  },
];

/** Hundreds that are not money: what each line computes, and the line. */
const notMoney: Array<{ why: string; line: RegExp }> = [
  { why: 'a disc radius given in percent of the avatar', line: /avatar\.discRadius\)\s*\/\s*100/ },
  { why: 'a snowflake placed on the banner’s 300 × 100 drawing', line: /random\(\)\s*\*\s*100/ },
  { why: 'a bar’s width as a percentage of the chart', line: /share\s*\*\s*100/ },
];

const repoRoot = path.join(import.meta.dirname, '../../..');

function sourceFiles(): string[] {
  return roots.flatMap((root) =>
    readdirSync(path.join(repoRoot, root), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
      .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
      .map((file) => file.split(path.sep).join('/'))
      .filter((file) => !file.split('/').includes('node_modules') && file !== moneyModule),
  );
}

/** `file:line: what: text` for each line of code that handles money by hand. */
function findMoneyByHand(file: string, text: string): string[] {
  return text.split('\n').flatMap((line, index) => {
    const code = line.trim();
    // Comments may say how money was once written; only code counts.
    if (code.startsWith('//') || code.startsWith('*') || code.startsWith('/*')) return [];
    return moneyByHand
      .filter(({ pattern }) => pattern.test(code))
      .filter(
        ({ pattern }) => pattern !== hundreds || !notMoney.some(({ line: l }) => l.test(code)),
      )
      .map(({ what }) => `${file}:${index + 1}: ${what}: ${code}`);
  });
}

describe('money only through the money module', () => {
  it('finds money handled by hand (the check itself can fail)', () => {
    const samples = [
      'price: row.price_cents / 100,',
      'const toCents = (euros: number) => Math.round(euros * 100);',
      'value: String(Math.round(euros*100)),',
      'amountDue: due / 100 },',
      'const cents = 100 * euros;',
      'const euros = cents * 0.01;',
      "euroFormat ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'EUR' });",
      `const euros = (amount: number) => \`€\${amount.toFixed(2)}\`;`,
      'export function formatEuros(amount: number): string {',
      'export function formatMoney(cents: number) {',
      'const formatPrice = (lan: Lan) => lan.price;',
      'function toEuros(cents: number) {',
      'const eurosFrom = (cents: number) => cents;',
    ];
    for (const sample of samples)
      expect(findMoneyByHand('sample.ts', sample), sample).not.toEqual([]);
    const fine = [
      'price: eurosFromCents(row.price_cents),',
      'priceCents: centsFromEuros(input.price),',
      '{formatEuros(centsFromEuros(totals.expected))}',
      'const radius = (size * avatar.discRadius) / 100;',
      `width={\`\${Math.max(share * 100, 1)}%\`}`,
      'const limit = 1000;',
      'const centsOf = (amount: keyof PlacePayment) =>',
      '// 19.99 * 100 is 1998.9999999999998',
      "import { formatEuros } from '@lanparty/contract/rules';",
    ];
    for (const sample of fine) expect(findMoneyByHand('sample.ts', sample), sample).toEqual([]);
  });

  it('no source file outside the money module handles money by hand', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap((file) =>
      findMoneyByHand(file, readFileSync(path.join(repoRoot, file), 'utf8')),
    );
    expect(found).toEqual([]);
  });

  it('each hundred that is not money is still in the source', () => {
    const text = sourceFiles()
      .map((file) => readFileSync(path.join(repoRoot, file), 'utf8'))
      .join('\n');
    for (const { why, line } of notMoney) expect(line.test(text), why).toBe(true);
  });
});
