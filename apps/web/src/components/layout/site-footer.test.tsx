import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { BuildInfo } from '../../lib/build-info.ts';
import { SiteFooter } from './site-footer.tsx';

function renderFooter(mode: string) {
  const buildInfo: BuildInfo = {
    version: '2025.1.1',
    branch: 'feature/shell',
    commit: 'c0ffee1',
    mode,
  };
  render(
    // wouter's links need no router around them: the browser's address is theirs.
    <SiteFooter buildInfo={buildInfo} />,
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
    render(<SiteFooter />);
    expect(screen.getByRole('link', { name: 'Version 2025.1.1' })).toBeInTheDocument();
  });
});
