import type { Participant } from '@lanparty/contract';
import { countTakenPlaces } from '@lanparty/contract/rules';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useEffectEvent, useId, useRef, useState } from 'react';
import { BackLink } from '../../../components/back-link.tsx';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import { Page } from '../../../components/page.tsx';
import { QueryStatus } from '../../../components/query-status.tsx';
import section from '../../../components/section.module.css';
import { isApiError } from '../../../lib/api-client.ts';
import { idParam } from '../../../lib/id-param.ts';
import { useLan } from '../../../lib/lans/get-lan.ts';
import { participantsQueryOptions, useParticipants } from '../../../lib/lans/get-participants.ts';
import { Navigate, useLocation, useNavigate, useParams } from '../../../lib/router/index.tsx';
import { useCheckInTicket } from '../api/check-in-ticket.ts';
import styles from '../components/check-in.module.css';
import { type CheckInOutcome, readRefusal } from '../components/check-in-outcome.ts';
import { CheckInResult } from '../components/check-in-result.tsx';
import { ParticipantSearch } from '../components/participant-search.tsx';
import { TicketScanner } from '../components/ticket-scanner.tsx';
import { DoorSyncStatus } from '../offline/door-sync-status.tsx';
import { useOfflineDoor } from '../offline/use-offline-door.ts';

/**
 * admin/lans/:id/check-in: the door. A ticket is checked in by its QR code (the screen's
 * camera, which reads one ticket after another until closed, or a ticket URL opened by the
 * phone's own camera: `#code=…`), by its short code read out (or its long one) typed, or
 * by finding the participant's name.
 */
export function AdminCheckInRoute() {
  const id = idParam(useParams().id);
  if (id === null) return <Navigate to="/admin/lans" replace />;
  return <CheckInDoor lanId={id} />;
}

function CheckInDoor({ lanId }: { lanId: number }) {
  const lan = useLan(lanId);
  const participants = useParticipants(lanId);
  const checkInTicket = useCheckInTicket();
  const door = useOfflineDoor(lanId);
  const queryClient = useQueryClient();
  const [outcome, setOutcome] = useState<CheckInOutcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [isScanning, setIsScanning] = useState(false);
  const resultRef = useRef<HTMLElement>(null);

  /** A code answered from the door list on the phone (offline, or scans still queued). */
  async function checkInFromList(code: string, paid: boolean): Promise<CheckInOutcome> {
    const offline = await door.checkInOffline(code, paid);
    if (offline) return { kind: 'offline', code, ...offline };
    return {
      kind: 'failed',
      message:
        'The site cannot be reached, and this phone has no door list of this lan yet: open ' +
        'Check-in once while online, then it checks tickets in offline too.',
    };
  }

  async function checkIn(code: string, { paid = false } = {}): Promise<CheckInOutcome> {
    let next: CheckInOutcome;
    if (door.shouldQueue()) {
      next = await checkInFromList(code, paid);
    } else {
      try {
        const result = await checkInTicket.mutateAsync({ lanId, code, ...(paid ? { paid } : {}) });
        next = {
          kind: 'present',
          participant: result.subscriber,
          alreadyPresent: result.alreadyPresent,
        };
      } catch (error) {
        // For the holder's name on a refusal: the list as the door knows it.
        const list = queryClient.getQueryData(participantsQueryOptions(lanId).queryKey);
        next = isApiError(error)
          ? readRefusal(error, code, list?.participants ?? [])
          : await checkInFromList(code, paid);
      }
    }
    setOutcome(next);
    setAttempt((count) => count + 1);
    return next;
  }

  useCheckInFromFragment((code) => void checkIn(code));

  // Bring the answer into view after a check-in from further down (the name search).
  // While the camera is on, the answer goes to the top of the screen: the viewfinder
  // right under it stays in sight for the next ticket of the queue.
  const isScanningNow = useEffectEvent(() => isScanning);
  useEffect(() => {
    if (attempt === 0) return;
    resultRef.current?.scrollIntoView?.({ block: isScanningNow() ? 'start' : 'nearest' });
  }, [attempt]);
  useEffect(() => {
    if (isScanning) resultRef.current?.scrollIntoView?.({ block: 'start' });
  }, [isScanning]);

  const lanName = lan.data?.name;
  return (
    <Page title={lanName ? `Check-in – ${lanName}` : 'Check-in'} heading="Check-in" lead={lanName}>
      <BackLink to={`/admin/lans/${lanId}`}>Back to the lan</BackLink>
      <div className={styles.door}>
        <QueryStatus query={participants} failure="The participants could not be loaded.">
          {(list) => (
            <p className={styles.count}>
              <span className={styles.countNumber}>{list.totals.present}</span> of{' '}
              <span className={styles.countNumber}>{countTakenPlaces(list.participants)}</span>{' '}
              present
            </p>
          )}
        </QueryStatus>
        <DoorSyncStatus door={door} />
        <CheckInResult
          ref={resultRef}
          outcome={outcome}
          attempt={attempt}
          isChecking={checkInTicket.isPending}
          onPaidAndPresent={(code) => void checkIn(code, { paid: true })}
        />
        <section className={section.section} aria-labelledby="check-in-ticket">
          <h2 id="check-in-ticket" className={section.sectionTitle}>
            Ticket
          </h2>
          <TicketScanner onRead={(text) => void checkIn(text)} onScanningChange={setIsScanning} />
          <TicketCodeForm isChecking={checkInTicket.isPending} onCheckIn={checkIn} />
        </section>
        {participants.data ? (
          <ParticipantSearch
            participants={participants.data.participants}
            isChecking={checkInTicket.isPending}
            onCheckIn={(participant: Participant & { checkInCode: string }) =>
              void checkIn(participant.checkInCode)
            }
          />
        ) : null}
      </div>
    </Page>
  );
}

/** A code read out or typed; the field empties once the ticket is checked in or due. */
function TicketCodeForm({
  isChecking,
  onCheckIn,
}: {
  isChecking: boolean;
  onCheckIn: (code: string) => Promise<CheckInOutcome>;
}) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const [code, setCode] = useState('');
  const [isMissing, setIsMissing] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = code.trim();
    setIsMissing(typed === '');
    if (typed === '') return;
    const outcome = await onCheckIn(typed);
    const isTaken =
      outcome.kind === 'present' ||
      outcome.kind === 'due' ||
      (outcome.kind === 'offline' && outcome.answer.kind !== 'refused');
    if (isTaken) setCode('');
  }

  return (
    <form className={styles.codeForm} onSubmit={submit} noValidate>
      <div className={forms.field}>
        <label className={forms.label} htmlFor={inputId}>
          Ticket code
        </label>
        <input
          id={inputId}
          className={`${forms.input} ${styles.codeInput}`}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          aria-invalid={isMissing || undefined}
          aria-describedby={isMissing ? `${hintId} ${errorId}` : hintId}
        />
        <p id={hintId} className={forms.hint}>
          The short code read out (like 7KQ4-MZ2X), or the long one under the QR code.
        </p>
        {isMissing ? (
          <p id={errorId} className={forms.error}>
            Type the code of the ticket.
          </p>
        ) : null}
      </div>
      <button
        type="submit"
        className={`${controls.buttonSecondary} ${styles.bigButton}`}
        disabled={isChecking}
      >
        Check in
      </button>
    </form>
  );
}

/**
 * A ticket's QR code opens this screen with `#code=…` when a door phone's own camera app
 * reads it: that code is checked in once, and the fragment is cleared so a reload or a
 * back button does not check it in again.
 */
function useCheckInFromFragment(checkIn: (code: string) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const handledCode = useRef<string | null>(null);
  const code = new URLSearchParams(location.hash.slice(1)).get('code');
  const onCode = useEffectEvent(checkIn);

  useEffect(() => {
    if (!code) {
      handledCode.current = null;
      return;
    }
    navigate(location.pathname + location.search, { replace: true });
    // Strict mode runs this effect twice before the fragment is gone; check in once.
    if (handledCode.current === code) return;
    handledCode.current = code;
    onCode(code);
  }, [code, location.pathname, location.search, navigate]);
}
