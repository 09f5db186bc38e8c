import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { downloadedBytes, viewports } from './support/browser.ts';
import { seriousAxeViolations, useBrowser } from './support/browser-session.ts';
import { reloadApp } from './support/sign-in.ts';

const { openAs } = useBrowser();

/*
 * Money and the spreadsheet as an organiser and a lanner live them (issue 32): what a
 * place costs, what was paid and what is outstanding, on the lanner's ticket and in the
 * organiser's table; and the participants CSV saved by the browser in both dialects.
 */

/** The ticket's Payment amounts, by their terms. */
async function ticketAmounts(page: Page) {
  const payment = page.getByRole('region', { name: 'Your ticket' }).locator('dd dl');
  await payment.waitFor();
  const amount = (term: string) =>
    payment
      .locator('div')
      .filter({ has: page.getByText(term, { exact: true }) })
      .locator('dd');
  return {
    due: (await amount('Amount due').textContent())?.trim(),
    paid: (await amount('Paid').textContent())?.trim(),
    outstanding: (await amount('Outstanding').textContent())?.trim(),
  };
}

/** The CSV the Download CSV button saves, read back by a CSV parser, row by header. */
async function downloadCsv(page: Page, delimiter: ',' | ';') {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  const [header = [], ...rows] = parse(await downloadedBytes(download), {
    bom: true,
    delimiter,
    record_delimiter: '\r\n',
  }) as string[][];
  return {
    fileName: download.suggestedFilename(),
    records: rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))),
  };
}

describe('money and the spreadsheet', () => {
  it('keeps owed, paid and outstanding apart, and saves the CSV for either spreadsheet', async () => {
    const name = `Money lan ${Date.now()}`;
    const admin = await openAs('lanadmin', '/admin/lans/new');
    await admin.page.getByLabel('Name', { exact: true }).fill(name);
    // Far ahead, after the demo's lans: lans.e2e.ts looks for the demo lan `lanner` is on.
    await admin.page.getByLabel('Start date').fill('2098-03-05T18:00');
    await admin.page.getByLabel('End date').fill('2098-03-07T18:00');
    await admin.page.getByLabel(/^Maximum/).fill('5');
    // The same for members and others: whichever `lanner` is, they owe €27.50.
    await admin.page.getByLabel('Price', { exact: true }).fill('27.5');
    await admin.page.getByLabel('Members price', { exact: true }).fill('27.5');
    await admin.page.getByRole('button', { name: 'Create lan' }).click();
    await admin.page.waitForURL(/\/admin\/lans\/\d+$/);
    const lanId = Number(new URL(admin.page.url()).pathname.split('/').pop());
    await admin.page.getByRole('button', { name: 'Activate' }).click();
    await admin.page.getByRole('button', { name: 'Deactivate' }).waitFor();

    const lanner = await openAs('lanner', `/lans/${lanId}`);
    const panel = lanner.page.getByRole('region', { name: 'Subscription' });
    await panel.getByRole('button', { name: 'Participate' }).click();
    await panel.getByText('Your request for participation is pending').waitFor();

    const setStatus = async (status: 'Accepted' | 'Paid') => {
      await reloadApp(admin.page);
      await admin.page.getByLabel('Status of lanner').selectOption(status);
      await admin.page.waitForResponse((response) =>
        response.url().includes(`/status:${status.toLowerCase()}`),
      );
    };
    const reloadLanner = async () => {
      await reloadApp(lanner.page);
    };

    await setStatus('Accepted');
    await reloadLanner();
    expect(await ticketAmounts(lanner.page)).toEqual({
      due: '€27.50',
      paid: '€0.00',
      outstanding: '€27.50',
    });

    await setStatus('Paid');
    await reloadLanner();
    expect(await ticketAmounts(lanner.page)).toEqual({
      due: '€27.50',
      paid: '€27.50',
      outstanding: '€0.00',
    });
    expect(await seriousAxeViolations(lanner.page)).toEqual([]);

    // The organiser's row: the same three amounts.
    await reloadApp(admin.page);
    const row = admin.page.getByRole('row').filter({
      has: admin.page.getByRole('rowheader', { name: 'lanner', exact: true }),
    });
    await expect(row.textContent()).resolves.toContain('€27.50€27.50€0.00');

    // Saved by the browser in each dialect, and read back.
    const choice = admin.page.getByLabel('CSV for');
    await choice.selectOption('comma');
    const comma = await downloadCsv(admin.page, ',');
    await choice.selectOption('semicolon');
    const semicolon = await downloadCsv(admin.page, ';');
    expect(comma.fileName).toMatch(/^participants-money-lan-\d+\.csv$/);
    expect(semicolon.fileName).toBe(comma.fileName);
    const money = { due: 'Amount due (€)', paid: 'Paid (€)', outstanding: 'Outstanding (€)' };
    const lannerRow = (records: Record<string, string | undefined>[]) =>
      records.find((record) => record.Nickname === 'lanner');
    expect(lannerRow(comma.records)).toMatchObject({
      Status: 'Paid',
      [money.due]: '27.50',
      [money.paid]: '27.50',
      [money.outstanding]: '0.00',
      Present: '',
    });
    expect(lannerRow(semicolon.records)).toMatchObject({
      Status: 'Paid',
      [money.due]: '27,50',
      [money.paid]: '27,50',
      [money.outstanding]: '0,00',
    });
    expect(lannerRow(comma.records)?.['Subscribed on (Europe/Amsterdam)']).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    // The choice is remembered: the next visit offers the Dutch one again.
    await reloadApp(admin.page);
    await expect(admin.page.getByLabel('CSV for').inputValue()).resolves.toBe('semicolon');
    expect(await seriousAxeViolations(admin.page)).toEqual([]);

    // On a phone: the three amounts on the card, the download's choice above its button.
    const phone = await openAs('lanadmin', `/admin/lans/${lanId}`, viewports.phone);
    const card = phone.page.getByRole('listitem').filter({
      has: phone.page.getByRole('heading', { name: 'lanner', exact: true }),
    });
    await expect(card.textContent()).resolves.toMatch(
      /Amount due€27\.50Paid€27\.50Outstanding€0\.00/,
    );
    await phone.page.getByLabel('CSV for').waitFor();
    // Nothing wider than the phone: the dialect's longest option once made it 407 px.
    await expect(
      phone.page.evaluate(() => document.documentElement.scrollWidth),
    ).resolves.toBeLessThanOrEqual(viewports.phone.width);
    expect(await seriousAxeViolations(phone.page)).toEqual([]);

    for (const opened of [admin, lanner, phone]) expect(opened.errors).toEqual([]);
  }, 60_000);
});
