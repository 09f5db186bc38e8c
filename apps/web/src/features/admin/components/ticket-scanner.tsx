import { Camera, CameraOff } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import controls from '../../../components/controls.module.css';
import styles from './check-in.module.css';

type ScannerState =
  | { phase: 'idle' }
  | { phase: 'scanning' }
  | { phase: 'failed'; message: string };

const cameraFailure = 'The camera could not be started. Type the code instead.';

/**
 * The Scan ticket button and the camera. The camera code (and the QR reader it may load)
 * is imported only when the button is pressed; the camera goes off after a read, on Stop
 * camera, and when the screen is left.
 */
export function TicketScanner({ onRead }: { onRead: (text: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<ScannerState>({ phase: 'idle' });
  const isScanning = state.phase === 'scanning';

  const read = useEffectEvent((text: string) => {
    setState({ phase: 'idle' });
    onRead(text);
  });

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

  return (
    <div className={styles.scanner}>
      {isScanning ? (
        <>
          <div className={styles.viewfinder}>
            <video ref={videoRef} className={styles.video} aria-label="Camera" muted playsInline />
          </div>
          <p className={controls.hint}>Point the camera at the QR code of the ticket.</p>
          <button
            type="button"
            className={`${controls.buttonSecondary} ${styles.bigButton}`}
            onClick={() => setState({ phase: 'idle' })}
          >
            <CameraOff aria-hidden="true" size={22} />
            Stop camera
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
        <p className={controls.error} role="alert">
          {state.message}
        </p>
      ) : null}
    </div>
  );
}
