import { renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { usePainted } from './use-painted.ts';

describe('usePainted', () => {
  it('stays false while nothing is shown', async () => {
    const { result } = renderHook(() => usePainted(false));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(result.current).toBe(false);
  });

  it('turns true after a paint once shown, and stays true', async () => {
    const { result, rerender } = renderHook(({ isShown }) => usePainted(isShown), {
      initialProps: { isShown: true },
    });
    expect(result.current).toBe(false);
    await waitFor(() => expect(result.current).toBe(true));
    rerender({ isShown: false });
    expect(result.current).toBe(true);
  });
});
