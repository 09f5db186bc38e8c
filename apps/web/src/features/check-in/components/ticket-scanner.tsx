import { Camera, CameraOff, ShieldAlert } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import controls from '../../../components/controls.module.css';
import forms from '../../../components/forms.module.css';
import styles from './check-in.module.css';

type ScannerState =
  | { phase: 'idle' }
  | { phase: 'scanning' }
  | { phase: 'failed'; message: string };

const cameraFailure = 'The camera could not be started. Type the code instead.';

/**
 * The Scan ticket button and the camera. The camera code (and the QR reader it may load)
 * is imported only when the button is pressed. Once on, it reads one ticket after another
 * (a queue at the door: each result shows, the next ticket is scanned without reopening)
 * until Close camera, or until the screen is left.
 *
 * A browser lends the camera only to a secure page (https, or the machine itself): on a
 * site opened over plain http there is no scanner, and the door is told so and what to do.
 */
export function TicketScanner({
  onRead,
  onScanningChange,
}: {
  onRead: (text: string) => void;
  /** Told when the camera goes on and off. */
  onScanningChange?: (isScanning: boolean) => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>({ phase: 'idle' });
  const isScanning = state.phase === 'scanning';

  const read = useEffectEvent((text: string) => onRead(text));
  const tellScanning = useEffectEvent((isOn: boolean) => onScanningChange?.(isOn));
  useEffect(() => tellScanning(isScanning), [isScanning]);

  useEffect(() => {
    const video = videoRef.current;
    if (!isScanning || !video) return;
    let isCancelled = false;
    let stop: (() => void) | undefined;
    import('../scanner/start-qr-scanner.ts')
      .then(({ startQrScanner }) => startQrScanner({ video, onRead: read }))
      .then((stopScanner) => {
        if (isCancelled) stopScanner();
        else stop = stopScanner;
      })
      .catch((error: unknown) => {
        if (isCancelled) return;
        const isExplained = error instanceof Error && error.name === 'ScannerError';
        setState({ phase: 'failed', message: isExplained ? error.message : cameraFailure });
      });
    return () => {
      isCancelled = true;
      stop?.();
    };
  }, [isScanning]);

  // `false` only where the browser says so: a test page without the property is secure.
  if (window.isSecureContext === false) return <NoScannerOverHttp />;

  return (
    <div className={styles.scanner}>
      {isScanning ? (
        <>
          <div className={styles.viewfinder}>
            <video ref={videoRef} className={styles.video} aria-label="Camera" muted playsInline />
          </div>
          <p className={forms.hint}>
            Point the camera at the QR code of a ticket, then at the next one: the camera stays on
            until you close it.
          </p>
          <button
            type="button"
            className={`${controls.buttonSecondary} ${styles.bigButton}`}
            onClick={() => setState({ phase: 'idle' })}
          >
            <CameraOff aria-hidden="true" size={22} />
            Close camera
          </button>
        </>
      ) : (
        <button
          type="button"
          className={`${controls.button} ${styles.bigButton}`}
          onClick={() => setState({ phase: 'scanning' })}
        >
          <Camera aria-hidden="true" size={22} />
          Scan ticket
        </button>
      )}
      {state.phase === 'failed' ? (
        <p className={forms.error} role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}

/** What the door does when the site came over plain http: no camera, and why. */
function NoScannerOverHttp() {
  return (
    <div className={styles.noScanner}>
      <h3 className={styles.noScannerTitle}>
        <ShieldAlert aria-hidden="true" size={22} />
        No scanner: this site is not on https
      </h3>
      <p>
        A browser lends its camera only to a site opened over https, and this one came over plain
        http. Type the code the lanner reads out from their ticket, or find them by name.
      </p>
      <p className={forms.hint}>
        To scan tickets, serve the site over https (see “Running a lan” in the README) and open it
        at its https address.
      </p>
    </div>
  );
}
