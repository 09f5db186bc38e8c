import type { Clan } from '@lanparty/contract';
import { clanInvitePath } from '@lanparty/contract/rules';
import { Copy, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import section from '../../../components/section.module.css';
import { describeError } from '../../../lib/describe-error.ts';
import { useRenewInviteCode } from '../api/renew-invite-code.ts';
import styles from './clan-page.module.css';

/** The whole address of a clan's invite link, to send to friends. */
export function inviteUrl(clanId: number, code: string): string {
  return new URL(clanInvitePath(clanId, code), window.location.origin).href;
}

/**
 * The leader's invite link: copied with one button, or selected and copied by hand. A new
 * link ends the old one, which someone may have been sent already, so it is asked first.
 */
export function InviteLink({ clan, code }: { clan: Clan; code: string }) {
  const renew = useRenewInviteCode();
  const [isAsking, setIsAsking] = useState(false);
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const url = inviteUrl(clan.id, code);

  async function copy() {
    setError(null);
    try {
      await navigator.clipboard.writeText(url);
      setStatus('The link is copied.');
    } catch {
      setStatus('');
      setError('Copying did not work here: select the link and copy it yourself.');
    }
  }

  function makeNewLink() {
    setStatus('');
    setError(null);
    renew.mutate(clan.id, {
      onSuccess: () => setStatus('A new link is made: the old one no longer works.'),
      onError: (failure) => setError(`No new link was made: ${describeError(failure)}`),
      onSettled: () => setIsAsking(false),
    });
  }

  return (
    <section className={section.section} aria-labelledby="clan-invite">
      <h2 id="clan-invite" className={section.sectionTitle}>
        Invite link
      </h2>
      <p>Send this link to the friends you want in {clan.name}: it lets them join.</p>
      <div className={forms.field}>
        <label className={forms.label} htmlFor="clan-invite-link">
          Link
        </label>
        <textarea
          id="clan-invite-link"
          className={`${forms.input} ${styles.link}`}
          rows={2}
          value={url}
          readOnly
          onFocus={(event) => event.target.select()}
        />
      </div>
      <AlertText message={error} />
      <div className={controls.actions}>
        <button type="button" className={controls.button} onClick={() => void copy()}>
          <Copy aria-hidden="true" size={18} />
          Copy link
        </button>
        <button
          type="button"
          className={controls.buttonSecondary}
          onClick={() => setIsAsking(true)}
          disabled={renew.isPending}
        >
          <RefreshCw aria-hidden="true" size={18} />
          Make a new link
        </button>
        <span role="status" className={forms.hint}>
          {status}
        </span>
      </div>
      <ConfirmDialog
        isOpen={isAsking}
        title="Make a new invite link?"
        confirmLabel="Make a new link"
        cancelLabel="Keep this link"
        isBusy={renew.isPending}
        onConfirm={makeNewLink}
        onCancel={() => setIsAsking(false)}
      >
        <p>The link you have now stops working: nobody can join with it any more.</p>
      </ConfirmDialog>
    </section>
  );
}
