import type { Participant, SubscriberStatus } from '@lanparty/contract';
import { splitMessageRecipients } from '@lanparty/contract/rules';

export type MessageRecipients = {
  /** Those of the chosen statuses with a verified e-mail address: they get the message. */
  reachable: Participant[];
  /** Those of the chosen statuses without one: the message cannot reach them. */
  unreachable: Participant[];
};

/**
 * Who a message to these statuses reaches, shown before it is sent. The server decides
 * when sending (its receipt is the truth); this is its preview from the participants list.
 */
export function findMessageRecipients(
  participants: readonly Participant[],
  statuses: readonly SubscriberStatus[],
): MessageRecipients {
  return splitMessageRecipients(participants, statuses);
}

/** "12 participants will get this e-mail; 2 have no verified address: a, b". */
export function describeRecipients({ reachable, unreachable }: MessageRecipients): string {
  const getting = `${countOf(reachable.length, 'participant')} will get this e-mail`;
  if (unreachable.length === 0) return `${getting}.`;
  const nicknames = unreachable.map(({ nickname }) => nickname).join(', ');
  const have = unreachable.length === 1 ? 'has' : 'have';
  return `${getting}; ${unreachable.length} ${have} no verified address: ${nicknames}`;
}

/** "Sent to 12; not reachable: a, b" */
export function describeReceipt({
  recipients,
  unreachable,
}: {
  recipients: number;
  unreachable: readonly string[];
}): string {
  const sent = `Sent to ${countOf(recipients, 'participant')}`;
  return unreachable.length === 0
    ? `${sent}.`
    : `${sent}; not reachable: ${unreachable.join(', ')}`;
}

function countOf(count: number, noun: string): string {
  return `${count} ${count === 1 ? noun : `${noun}s`}`;
}
