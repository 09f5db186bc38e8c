import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { InfoTip } from './info-tip.tsx';

function renderTip() {
  const user = userEvent.setup();
  render(
    <>
      <InfoTip label="About the email">Changing the email requires verification.</InfoTip>
      <button type="button">Next</button>
    </>,
  );
  return { user, button: screen.getByRole('button', { name: 'About the email' }) };
}

describe('InfoTip', () => {
  it('describes its button to screen readers while the tip is not shown', () => {
    const { button } = renderTip();
    expect(button).toHaveAccessibleDescription('Changing the email requires verification.');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on hover and goes when the pointer leaves', async () => {
    const { user, button } = renderTip();
    await user.hover(button);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(/requires verification/);
    await user.unhover(button);
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
  });

  it('stays while the pointer moves onto the tip itself', async () => {
    const { user, button } = renderTip();
    await user.hover(button);
    const tip = await screen.findByRole('tooltip');
    await user.hover(tip);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(screen.getByRole('tooltip')).toBe(tip);
  });

  it('shows on keyboard focus, goes with Escape, and goes when focus moves on', async () => {
    const { user } = renderTip();
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await user.tab({ shift: true });
    await user.tab();
    expect(screen.getByRole('tooltip')).toBeVisible();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Next' })).toHaveFocus();
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('shows on a tap, where there is no hover', async () => {
    const { user, button } = renderTip();
    await user.pointer({ keys: '[TouchA]', target: button });
    expect(screen.getByRole('tooltip')).toBeVisible();
  });
});
