import type { Participant } from '@lanparty/contract';
import { useState } from 'react';
import { describeError } from '../../../lib/describe-error.ts';
import { type SubscriberChange, useChangeSubscriber } from '../api/change-subscriber.ts';

/** A status or a presence, as the participant controls ask for it. */
export type ParticipantChange =
  | { status: Participant['status']; reason?: string }
  | { present: boolean };

/**
 * Changes a participant's status or presence in place (PUT …/status:… or …/present:…).
 * A refusal (the lan is full, …) is kept per participant, to show right beside them; the
 * participants and the lan are refetched after every change (invalidateLans).
 */
export function useParticipantChanges(lanId: number) {
  const changeSubscriber = useChangeSubscriber();
  const [refusals, setRefusals] = useState<ReadonlyMap<number, string>>(new Map());

  function setRefusal(subscriberId: number, message: string | null) {
    setRefusals((current) => {
      const next = new Map(current);
      if (message) next.set(subscriberId, message);
      else next.delete(subscriberId);
      return next;
    });
  }

  function change(participant: Participant, change: ParticipantChange) {
    setRefusal(participant.subscriberId, null);
    const request: SubscriberChange = { subscriberId: participant.subscriberId, lanId, ...change };
    changeSubscriber.mutate(request, {
      onError: (error) =>
        setRefusal(
          participant.subscriberId,
          `${participant.nickname} could not be changed: ${describeError(error)}`,
        ),
    });
  }

  const busyId = changeSubscriber.isPending ? changeSubscriber.variables.subscriberId : null;
  return {
    change,
    refusalOf: (participant: Participant) => refusals.get(participant.subscriberId),
    isBusy: (participant: Participant) => busyId === participant.subscriberId,
  };
}

export type ParticipantChanges = ReturnType<typeof useParticipantChanges>;
