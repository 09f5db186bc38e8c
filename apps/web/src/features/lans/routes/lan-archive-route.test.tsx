import { buildLan, buildPage } from '@lanparty/contract/testing';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubFetch } from '../../../testing/fetch-stub.ts';
import { renderApp } from '../../../testing/render-app.tsx';

const pastLans = [
  buildLan({
    id: 3,
    name: 'Autumn Lan',
    startDate: '2025-10-10T18:00:00Z',
    endDate: '2025-10-12T16:00:00Z',
  }),
  buildLan({
    id: 2,
    name: 'Spring Lan',
    startDate: '2025-04-04T18:00:00Z',
    endDate: '2025-04-06T16:00:00Z',
  }),
  buildLan({
    id: 1,
    name: 'Winter Lan',
    startDate: '2024-12-06T18:00:00Z',
    endDate: '2024-12-08T16:00:00Z',
  }),
];

function openArchive() {
  return stubFetch({
    'GET /api/lans': () => jsonResponse(buildPage(pastLans)),
  });
}

describe('lans/archive', () => {
  it('groups the past lans under a heading per year, newest first', async () => {
    openArchive();
    renderApp('/lans/archive');
    const year2025 = await screen.findByRole('region', { name: '2025' });
    expect(
      within(year2025)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-label')),
    ).toEqual(['Autumn Lan', 'Spring Lan']);
    const year2024 = screen.getByRole('region', { name: '2024' });
    expect(within(year2024).getByRole('article', { name: 'Winter Lan' })).toBeInTheDocument();
  });

  // axe's heading-order: a level may go one deeper than the heading before it, no more.
  it('never skips a heading level', async () => {
    openArchive();
    renderApp('/lans/archive');
    await screen.findByRole('heading', { name: 'Winter Lan' });
    const levels = Array.from(
      document.querySelectorAll('main h1, main h2, main h3, main h4, main h5, main h6'),
      (heading) => Number(heading.tagName.slice(1)),
    );
    expect(levels[0]).toBe(1);
    for (const [index, level] of levels.entries()) {
      if (index > 0) expect(level).toBeLessThanOrEqual((levels[index - 1] ?? 0) + 1);
    }
    expect(screen.getByRole('heading', { level: 3, name: 'Winter Lan' })).toBeInTheDocument();
  });
});
