import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BuildInfo } from '../../lib/build-info.ts';
import { MemoryRouter } from '../../lib/router/index.ts';
import { SiteFooter } from './site-footer.tsx';

function renderFooter(mode: string) {
  const buildInfo: BuildInfo = {
    version: '2025.1.1',
    branch: 'feature/shell',
    commit: 'c0ffee1',
    mode,
  };
  render(
    <MemoryRouter>
      <SiteFooter buildInfo={buildInfo} />
    </MemoryRouter>,
  );
}

describe('SiteFooter', () => {
  it('links the version to the changelog', () => {
    renderFooter('production');
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Version 2025.1.1' })).toHaveAttribute(
      'href',
      '/changelog',
    );
  });

  it('hides branch and commit in production', () => {
    renderFooter('production');
    expect(screen.queryByText('feature/shell')).not.toBeInTheDocument();
    expect(screen.queryByText('c0ffee1')).not.toBeInTheDocument();
  });

  it.each(['development', 'test'])('shows branch and commit in %s', (mode) => {
    renderFooter(mode);
    expect(screen.getByText('feature/shell')).toBeInTheDocument();
    expect(screen.getByText('c0ffee1')).toBeInTheDocument();
  });

  it('reports the version the build injected by default', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Version 2025.1.1' })).toBeInTheDocument();
  });
});
