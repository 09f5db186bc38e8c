import type { LanMessage } from '@lanparty/contract';
import { QueryStatus } from '../../../components/query-status.tsx';
import { formatDisplayDateTime } from '../../../lib/format-moment.ts';
import { useLanMessages } from '../api/list-lan-messages.ts';
import styles from './lan-messages.module.css';

/** The messages sent to a lan's participants, newest first, each body behind a disclosure. */
export function LanMessageList({ lanId }: { lanId: number }) {
  const messages = useLanMessages(lanId);
  return (
    <QueryStatus query={messages} failure="The sent messages could not be loaded.">
      {(list) =>
        list.length === 0 ? (
          <p className={styles.empty}>No messages sent yet.</p>
        ) : (
          <ol className={styles.messages}>
            {list.map((message) => (
              <li key={message.id}>
                <SentMessage message={message} />
              </li>
            ))}
          </ol>
        )
      }
    </QueryStatus>
  );
}

function SentMessage({ message }: { message: LanMessage }) {
  return (
    <article className={styles.message} aria-labelledby={`lan-message-${message.id}`}>
      <h4 id={`lan-message-${message.id}`} className={styles.subject}>
        {message.subject}
      </h4>
      <dl className={styles.facts}>
        <div>
          <dt>From</dt>
          <dd>{message.sender.nickname}</dd>
        </div>
        <div>
          <dt>Sent</dt>
          <dd>
            <time dateTime={message.sentAt}>{formatDisplayDateTime(message.sentAt)}</time>
          </dd>
        </div>
        <div>
          <dt>To</dt>
          <dd>
            {message.statuses.join(', ')}
            {message.chat ? ' and the chat' : ''}
          </dd>
        </div>
        <div>
          <dt>Recipients</dt>
          <dd>
            {message.recipients}
            {message.unreachable.length > 0
              ? `; not reachable: ${message.unreachable.join(', ')}`
              : ''}
          </dd>
        </div>
      </dl>
      <details className={styles.details}>
        <summary>Show the message</summary>
        <p className={styles.text}>{message.body}</p>
      </details>
    </article>
  );
}
