import type { Seating } from '@lanparty/contract';
import { useEffect, useState } from 'react';
import {
  type DraftChange,
  emptyDraft,
  isSameDraft,
  type SeatPlanDraft,
  savedSeatKey,
  toDraft,
} from './seat-plan-draft.ts';

type SeatPlanEditorOptions = {
  /** The plan as saved; null while the lan has none. */
  saved: Seating | null;
  /** The community's time zone: the plan's times are edited on its clocks. */
  timeZone: string;
};

/**
 * The editor's state: the draft (the saved plan until something changes), the seat
 * selected, and what the last change said (for the live region). The saved plan may change
 * under it (a pick, another administrator): an unchanged draft follows it, a changed one
 * stays until it is saved or discarded.
 */
export function useSeatPlanEditor({ saved, timeZone }: SeatPlanEditorOptions) {
  const [changed, setChanged] = useState<SeatPlanDraft | null>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const savedDraft = saved ? toDraft(saved, timeZone) : emptyDraft;
  const draft = changed ?? savedDraft;
  const isDirty = changed !== null && !isSameDraft(changed, savedDraft);
  const selected = draft.seats.find((seat) => seat.key === selectedKey) ?? null;

  // Leaving the page with changes not saved asks first (a reload, a closed tab).
  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  /** Applies a change; a refused one is only said. Answers whether it was made. */
  function apply(change: DraftChange, announce?: string): boolean {
    if (change.problem !== null) {
      setAnnouncement(change.problem);
      return false;
    }
    setChanged(change.draft);
    if (change.seatKey) setSelectedKey(change.seatKey);
    setAnnouncement(announce ?? '');
    return true;
  }

  return {
    draft,
    isDirty,
    isNew: saved === null,
    selected,
    select: (key: string | null) => setSelectedKey(key),
    /** A change that cannot be refused: a field edited. */
    edit: (next: SeatPlanDraft) => setChanged(next),
    apply,
    announcement,
    announce: setAnnouncement,
    /** Back to the plan as saved. */
    discard: () => {
      setChanged(null);
      setAnnouncement('Changes discarded.');
    },
    /** After a save: the saved plan is the draft again, the same seat (by label) selected. */
    settle: (answer: Seating) => {
      const label = selected?.label;
      setChanged(null);
      const again = answer.seats.find((seat) => seat.label === label);
      setSelectedKey(again ? savedSeatKey(again.id) : null);
    },
  };
}

export type SeatPlanEditor = ReturnType<typeof useSeatPlanEditor>;
