import type { Announcement, Lan } from '@lanparty/contract';
import { announcementLimits, isLanOpen } from '@lanparty/contract/rules';
import { Megaphone, Trash2 } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { AlertText } from '../../../components/alert-text.tsx';
import { AnnouncementList } from '../../../components/announcements/announcement-list.tsx';
import { ConfirmDialog } from '../../../components/confirm-dialog.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { QueryStatus } from '../../../components/query-status.tsx';
import { describeError } from '../../../lib/describe-error.ts';
import { useAnnouncements } from '../../../lib/lans/get-announcements.ts';
import { useMessagingSettings } from '../../../lib/settings/get-messaging-settings.ts';
import { useDeleteAnnouncement, usePostAnnouncement } from '../api/announcements.ts';

/**
 * The admin lan screen's announcements (issue 35): a short text, pinned or not, to the
 * chat too where the site has one; posted until the lan ends. Every open lan page hears of
 * it within a second; deleting one takes it off everywhere.
 */
export function LanAnnouncementsEditor({ lan }: { lan: Lan }) {
  const announcements = useAnnouncements(lan.id);
  const deleteAnnouncement = useDeleteAnnouncement();
  const [deleting, setDeleting] = useState<Announcement | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  function remove() {
    if (!deleting) return;
    deleteAnnouncement.mutate(
      { lanId: lan.id, announcementId: deleting.id },
      {
        onSuccess: () => setDeleting(null),
        onError: (error) => {
          setDeleting(null);
          setProblem(`The announcement was not deleted: ${describeError(error)}`);
        },
      },
    );
  }

  return (
    <>
      {isLanOpen(lan) ? (
        <AnnouncementForm lanId={lan.id} />
      ) : (
        <p className={forms.hint}>
          The lan is over: announcements are for a lan to come or under way.
        </p>
      )}
      <QueryStatus query={announcements} failure="The announcements could not be loaded.">
        {(items) =>
          items.length === 0 ? (
            <p className={forms.hint}>No announcements yet.</p>
          ) : (
            <AnnouncementList
              announcements={items}
              actionsOf={(announcement) => (
                <button
                  type="button"
                  className={controls.buttonSecondary}
                  onClick={() => {
                    setProblem(null);
                    setDeleting(announcement);
                  }}
                  aria-label={`Delete the announcement “${announcement.text}”`}
                >
                  <Trash2 aria-hidden="true" size={16} />
                  Delete
                </button>
              )}
            />
          )
        }
      </QueryStatus>
      <AlertText message={problem} />
      <ConfirmDialog
        isOpen={deleting !== null}
        title="Delete this announcement?"
        confirmLabel="Delete"
        cancelLabel="Keep it"
        isBusy={deleteAnnouncement.isPending}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        <p>“{deleting?.text}” leaves every open lan page and screen.</p>
      </ConfirmDialog>
    </>
  );
}

function AnnouncementForm({ lanId }: { lanId: number }) {
  const id = useId();
  const post = usePostAnnouncement();
  const messaging = useMessagingSettings();
  const [text, setText] = useState('');
  const [pinned, setPinned] = useState(false);
  const [toChat, setToChat] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const length = text.trim().length;
  const isTooLong = length > announcementLimits.textMaxLength;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setStatus('');
    if (length === 0) return setProblem('Text is required');
    if (isTooLong)
      return setProblem(
        `Text cannot be more than ${announcementLimits.textMaxLength} characters long`,
      );
    setProblem(null);
    post.mutate(
      { lanId, announcement: { text, pinned, toChat } },
      {
        onSuccess: () => {
          setText('');
          setPinned(false);
          setToChat(false);
          setStatus('Posted.');
        },
        onError: (error) => setProblem(`The announcement was not posted: ${describeError(error)}`),
      },
    );
  }

  return (
    <form className={forms.form} onSubmit={submit} noValidate aria-label="New announcement">
      <div className={forms.field}>
        <label className={forms.label} htmlFor={`${id}-text`}>
          Text
        </label>
        <textarea
          id={`${id}-text`}
          className={forms.input}
          rows={3}
          value={text}
          aria-invalid={isTooLong || (problem !== null && length === 0) ? true : undefined}
          aria-describedby={`${id}-count`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-count`} className={isTooLong ? forms.error : forms.hint}>
          {length} of {announcementLimits.textMaxLength} characters
        </p>
      </div>
      <label className={forms.checkbox}>
        <input
          type="checkbox"
          checked={pinned}
          onChange={(event) => setPinned(event.target.checked)}
        />
        <span>Pin it at the top</span>
      </label>
      {/* Offered only where the site has a chat: the server refuses toChat otherwise. */}
      {messaging.data?.isChatConnected ? (
        <label className={forms.checkbox}>
          <input
            type="checkbox"
            checked={toChat}
            onChange={(event) => setToChat(event.target.checked)}
          />
          <span>Also post to the chat</span>
        </label>
      ) : null}
      <AlertText message={problem} />
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={post.isPending}>
          <Megaphone aria-hidden="true" size={18} />
          {post.isPending ? 'Posting…' : 'Post announcement'}
        </button>
        <span role="status" className={forms.hint}>
          {status}
        </span>
      </div>
    </form>
  );
}
