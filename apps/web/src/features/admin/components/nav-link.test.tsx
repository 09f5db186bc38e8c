import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createRouter, RouterProvider } from '../../../lib/router/index.tsx';
import { NavLink } from './nav-link.tsx';

describe('NavLink', () => {
  it('marks the current page, below it too unless end is set', () => {
    const links = (
      <>
        <NavLink to="/admin/lans">Lans</NavLink>
        <NavLink to="/admin/lans" end>
          Lans only
        </NavLink>
        <NavLink to="/admin/users">Users</NavLink>
      </>
    );
    const router = createRouter([{ path: '/admin/lans/:id', element: links }], '/admin/lans/3');
    render(<RouterProvider router={router} />);
    expect(screen.getByRole('link', { name: 'Lans' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Lans only' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: 'Users' })).not.toHaveAttribute('aria-current');
  });
});
