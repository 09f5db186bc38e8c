import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { collectPageErrors, connectBrowser } from './support/browser.ts';
import { siteUrl } from './support/provided-context.ts';

let browser: Browser;

beforeAll(async () => {
  browser = await connectBrowser(inject('browserEndpoint'));
});

afterAll(async () => {
  await browser?.close();
});

describe('the running server', () => {
  it('answers the health check', async () => {
    const response = await fetch(siteUrl('/api/health'));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'ok', version: '2025.1.1' });
  });

  it('renders the API documentation under its own CSP', async () => {
    const page = await browser.newPage();
    const errors = collectPageErrors(page);
    // Swagger UI draws only the operations in view once there are 150 tags and operations
    // or more: a deep link to the health tag scrolls it into view.
    await page.goto(siteUrl('/api/docs#/health'));
    await page.getByText('Lanparty API').first().waitFor();
    await page.getByText('/api/health').first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('serves hashed assets with a year of caching and pages without', async () => {
    const page = await fetch(siteUrl('/lans/upcoming'));
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const html = await page.text();
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    const asset = await fetch(siteUrl(script));
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });
});
