import {
  type LanMessageInput,
  type LanMessageReceipt,
  lanMessageInputSchema,
  type SubscriberStatus,
} from '@lanparty/contract';
import { lanMessageBodyMaximum, subscriberStatusOrder } from '@lanparty/contract/rules';
import { Send, TriangleAlert } from 'lucide-react';
import { useRef, useState } from 'react';
import { type FieldPath, useWatch } from 'react-hook-form';
import { AlertText } from '../../../components/alert-text.tsx';
import controls from '../../../components/controls.module.css';
import { FormField } from '../../../components/form-field.tsx';
import forms from '../../../components/forms.module.css';
import { hasData } from '../../../components/query-status.tsx';
import { contractResolver } from '../../../lib/forms/contract-resolver.ts';
import { messageOnceTouched } from '../../../lib/forms/message-once-touched.ts';
import { useSavingForm } from '../../../lib/forms/use-saving-form.ts';
import { newIdempotencyKey } from '../../../lib/idempotency-key.ts';
import { useParticipants } from '../../../lib/lans/get-participants.ts';
import { Link } from '../../../lib/router/index.tsx';
import { useMessagingSettings } from '../../../lib/settings/get-messaging-settings.ts';
import { useSendLanMessage } from '../api/send-lan-message.ts';
import {
  describeReceipt,
  describeRecipients,
  findMessageRecipients,
} from './lan-message-recipients.ts';
import styles from './lan-messages.module.css';

type MessageFormValues = LanMessageInput;

const fieldNames: readonly FieldPath<MessageFormValues>[] = ['subject', 'body', 'statuses', 'chat'];

/** A new draft: to everyone with a place (Accepted and Paid), not to the chat. */
const newDraft = (): MessageFormValues => ({
  subject: '',
  body: '',
  statuses: ['Accepted', 'Paid'],
  chat: false,
});

/**
 * A message to a lan's participants of the chosen statuses, by e-mail and, when asked, in
 * the chat. Before sending it says who will get it; after, the server's receipt. Each
 * draft has one Idempotency-Key, kept through retries and double clicks, so a message
 * the server already took is never sent twice; only a sent message starts a new draft.
 */
export function LanMessageForm({ lanId, titleId }: { lanId: number; titleId: string }) {
  const {
    form,
    saveError: sendError,
    trySave,
  } = useSavingForm<MessageFormValues, LanMessageInput>({
    resolver: contractResolver<MessageFormValues, LanMessageInput>(lanMessageInputSchema),
    defaultValues: newDraft(),
    fieldNames,
    failure: 'The message could not be sent',
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { isDirty },
  } = form;
  const messaging = useMessagingSettings();
  const sendMessage = useSendLanMessage();
  const [idempotencyKey, setIdempotencyKey] = useState(() => newIdempotencyKey());
  // A ref, not state: a second click in the same frame must see the first one at once.
  const isSending = useRef(false);
  const [receipt, setReceipt] = useState<LanMessageReceipt | null>(null);

  const send = handleSubmit(async (message) => {
    if (isSending.current) return;
    isSending.current = true;
    setReceipt(null);
    try {
      await trySave(async () => {
        setReceipt(await sendMessage.mutateAsync({ lanId, message, idempotencyKey }));
        reset(newDraft());
        setIdempotencyKey(newIdempotencyKey());
      });
    } finally {
      isSending.current = false;
    }
  });

  const statuses = useWatch({ control, name: 'statuses' });
  // Until the next draft is begun: then it is about that one.
  const isShowingReceipt = receipt !== null && !isDirty;
  const idPrefix = `lan-${lanId}-message`;
  const statusesMessage = messageOnceTouched(form, 'statuses');
  return (
    <form className={forms.form} onSubmit={send} noValidate aria-labelledby={titleId}>
      <FormField
        name="subject"
        idPrefix={idPrefix}
        message={messageOnceTouched(form, 'subject')}
        registration={register('subject')}
      />
      <div className={styles.body}>
        <FormField
          name="body"
          label="Message"
          idPrefix={idPrefix}
          multiline
          hint={`Plain text, at most ${lanMessageBodyMaximum} characters.`}
          message={messageOnceTouched(form, 'body')}
          registration={register('body')}
        />
      </div>
      <fieldset
        className={styles.statuses}
        aria-describedby={statusesMessage ? `${idPrefix}-statuses-message` : undefined}
      >
        <legend className={forms.label}>Send to</legend>
        <ul className={styles.statusList}>
          {subscriberStatusOrder.map((status) => (
            <li key={status}>
              <label className={forms.checkbox}>
                <input type="checkbox" value={status} {...register('statuses')} />
                <span>{status}</span>
              </label>
            </li>
          ))}
        </ul>
        {statusesMessage ? (
          <p id={`${idPrefix}-statuses-message`} className={forms.error}>
            {statusesMessage}
          </p>
        ) : null}
      </fieldset>
      {/* Offered only where the site has a chat: the server refuses chat: true otherwise. */}
      {messaging.data?.isChatConnected ? (
        <label className={forms.checkbox}>
          <input type="checkbox" {...register('chat')} />
          <span>Also post to the chat</span>
        </label>
      ) : null}
      <ReplyToNote replyTo={messaging.data?.replyTo} />
      {/* The receipt of the message just sent, or the next draft's reach: never both. */}
      {isShowingReceipt ? null : <RecipientsPreview lanId={lanId} statuses={statuses} />}
      <AlertText message={sendError} />
      <div className={controls.actions}>
        <button type="submit" className={controls.button} disabled={sendMessage.isPending}>
          <Send aria-hidden="true" size={18} />
          {sendMessage.isPending ? 'Sending…' : 'Send message'}
        </button>
        <span role="status" className={styles.receipt}>
          {isShowingReceipt ? describeReceipt(receipt) : ''}
        </span>
      </div>
    </form>
  );
}

/**
 * Where replies go: the sender's verified address, carried as the mail's Reply-To; said
 * when there is none, so the organiser knows replies will reach nobody.
 */
function ReplyToNote({ replyTo }: { replyTo: string | null | undefined }) {
  if (replyTo === undefined) return null;
  return replyTo ? (
    <p className={forms.hint}>Replies go to you at {replyTo}.</p>
  ) : (
    <p className={controls.warning}>
      <TriangleAlert size={18} aria-hidden="true" />
      <span>
        Replies reach nobody: your e-mail address is not verified.{' '}
        <Link to="/profile">Verify it on your profile</Link> to get replies.
      </span>
    </p>
  );
}

/** Who the message would reach now, from the participants list. */
function RecipientsPreview({
  lanId,
  statuses,
}: {
  lanId: number;
  statuses: readonly SubscriberStatus[] | undefined;
}) {
  const participants = useParticipants(lanId);
  const chosen = Array.isArray(statuses) ? statuses : [];
  let text = '';
  // What was read stays while a later read fails (decision 037): the reach stays said.
  if (hasData(participants) && chosen.length > 0) {
    text = describeRecipients(findMessageRecipients(participants.data.participants, chosen));
  }
  return (
    <p className={forms.hint} aria-live="polite">
      {text}
    </p>
  );
}
