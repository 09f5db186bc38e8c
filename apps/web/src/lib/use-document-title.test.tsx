import { renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDocumentTitle, useDocumentTitle } from './use-document-title.ts';

describe('formatDocumentTitle', () => {
  it('puts the detail first, then an en dash and the base title', () => {
    expect(formatDocumentTitle('Changelog')).toBe('Changelog – Lanparty');
  });

  it('is the base title alone without a detail', () => {
    expect(formatDocumentTitle()).toBe('Lanparty');
    expect(formatDocumentTitle('  ')).toBe('Lanparty');
  });
});

describe('useDocumentTitle', () => {
  it('sets and updates document.title', () => {
    const { rerender } = renderHook(({ detail }) => useDocumentTitle(detail), {
      initialProps: { detail: 'Lanners' },
    });
    expect(document.title).toBe('Lanners – Lanparty');
    rerender({ detail: 'Upcoming lans' });
    expect(document.title).toBe('Upcoming lans – Lanparty');
  });
});
