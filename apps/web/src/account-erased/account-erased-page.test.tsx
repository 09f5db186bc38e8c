import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountErasedPage } from './account-erased-page.tsx';

/*
 * Where a person lands after erasing their own account (issue 51): signed out, so the page
 * has no session; it reads nothing (whoever opens it learns nothing of anyone) and says
 * what went and what the site keeps, as the erasure does it.
 */
describe('the erased account’s page', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says the account is gone, what went and what stays, and reads nothing', () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    render(<AccountErasedPage />);

    expect(screen.getByRole('main')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Your account is erased' })).toBeVisible();
    expect(screen.getByText(/you are signed out/)).toBeVisible();
    const went = screen.getByRole('region', { name: 'What went' });
    expect(within(went).getByText(/e-mail address and Steam link/)).toBeVisible();
    expect(within(went).getByText(/places and seats at lans to come/)).toBeVisible();
    const kept = screen.getByRole('region', { name: 'What stays, without your name' });
    expect(within(kept).getByText(/Former lanner/)).toBeVisible();
    expect(within(kept).getByText(/payments and check-ins/)).toBeVisible();
    expect(within(kept).getByText(/playtime per day/)).toBeVisible();
    expect(screen.getByRole('link', { name: 'Go to Lanparty' })).toHaveAttribute('href', '/');
    expect(document.title).toBe('Account erased – Lanparty');
    expect(fetch).not.toHaveBeenCalled();
  });
});
