import type { PlaytimeStatus, ScreenVisibility } from '@lanparty/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { AlertText } from '../../../components/alert-text.tsx';
import section from '../../../components/section.module.css';
import { apiRequest } from '../../../lib/api-client.ts';
import { describeError } from '../../../lib/describe-error.ts';
import { usersKeys } from '../../../lib/users/users-query-keys.ts';
import { usePlaytimeStatus } from '../api/get-playtime-status.ts';
import { SwitchField } from './switch-field.tsx';

/**
 * The profile's At the Lan section (issue 35): a switch to keep what the user plays off the
 * lan's screens and its page's Now playing (and their arrival off the screens). Saved as
 * it is flipped.
 */
export function LanScreensChoice() {
  const status = usePlaytimeStatus({ isEnabled: true });
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: ScreenVisibility) =>
      apiRequest<ScreenVisibility>('/api/users/me/screen-visibility', { method: 'PUT', body }),
    onSuccess: ({ showsOnScreens }) =>
      queryClient.setQueryData<PlaytimeStatus>(usersKeys.playtimeStatus(), (old) =>
        old ? { ...old, showsOnScreens } : old,
      ),
  });
  const isShown = save.isPending
    ? save.variables.showsOnScreens
    : (status.data?.showsOnScreens ?? true);
  return (
    <section className={section.section} aria-labelledby="at-the-lan">
      <h2 id="at-the-lan" className={section.sectionTitle}>
        At the Lan
      </h2>
      <SwitchField
        label="Show what I play on lan screens"
        hintId="at-the-lan-hint"
        hint="While you are at a lan, its screens and page show the Steam game you play and who played most. Off, you are in none of it, and the screens do not name you when you arrive."
        isOn={isShown}
        isDisabled={!status.data || save.isPending}
        onFlip={(showsOnScreens) => save.mutate({ showsOnScreens })}
      />
      <AlertText
        message={save.isError ? `Your choice was not saved: ${describeError(save.error)}` : null}
      />
    </section>
  );
}
