import { LanMessageForm } from './lan-message-form.tsx';
import { LanMessageList } from './lan-message-list.tsx';
import styles from './lan-messages.module.css';

/** Messages to a lan's participants (issue 12): a new one, then those sent before. */
export function LanMessages({ lanId }: { lanId: number }) {
  const newTitleId = `lan-${lanId}-new-message`;
  return (
    <>
      <div className={styles.part}>
        <h3 id={newTitleId} className={styles.partTitle}>
          New message
        </h3>
        <LanMessageForm lanId={lanId} titleId={newTitleId} />
      </div>
      <div className={styles.part}>
        <h3 className={styles.partTitle}>Sent messages</h3>
        <LanMessageList lanId={lanId} />
      </div>
    </>
  );
}
