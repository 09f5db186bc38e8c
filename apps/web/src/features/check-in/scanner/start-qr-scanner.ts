import { createQrDetector } from './create-qr-detector.ts';

/** Why the camera could not scan, in words for the door. */
export class ScannerError extends Error {
  override name = 'ScannerError';
}

/** How often a frame is read: often enough to feel instant, rare enough for a cheap phone. */
const SCAN_INTERVAL_MS = 150;

/**
 * How long a code must have been out of the camera's sight before it is read again: a
 * ticket held up stays one read, while the same ticket shown again later (by someone it
 * was passed on to) is read anew.
 */
export const READ_AGAIN_AFTER_MS = 2000;

/**
 * Whether a code seen at `now` is a new read, given when each code was last seen (kept up
 * to date here). A code in view all along is read once.
 */
export function isNewSighting(lastSeen: Map<string, number>, text: string, now: number): boolean {
  const before = lastSeen.get(text);
  lastSeen.set(text, now);
  return before === undefined || now - before >= READ_AGAIN_AFTER_MS;
}

/**
 * Shows the back camera in `video` and reads QR codes from it until the returned `stop` is
 * called: a queue at the door is scanned one ticket after the other, `onRead` getting the
 * text of each (once while it stays in view). Rejects with a ScannerError when there is no
 * camera to use.
 */
export async function startQrScanner({
  video,
  onRead,
}: {
  video: HTMLVideoElement;
  onRead: (text: string) => void;
}): Promise<() => void> {
  if (window.isSecureContext === false || !navigator.mediaDevices?.getUserMedia) {
    throw new ScannerError(
      window.isSecureContext === false
        ? 'The camera needs a secure (https) connection to the site.'
        : 'This browser cannot use the camera. Type the code instead.',
    );
  }
  // The detector loads while the visitor answers the camera question.
  const detector = createQrDetector();
  const stream = await openBackCamera();
  let isStopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    isStopped = true;
    clearTimeout(timer);
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };

  let reader: Awaited<typeof detector>;
  try {
    video.srcObject = stream;
    await video.play();
    reader = await detector;
  } catch (error) {
    stop();
    throw error;
  }

  const lastSeen = new Map<string, number>();
  const scan = async () => {
    if (isStopped) return;
    try {
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const codes = await reader.detect(video);
        const now = performance.now();
        for (const { rawValue } of codes) {
          if (!isStopped && isNewSighting(lastSeen, rawValue, now)) onRead(rawValue);
        }
      }
    } catch {
      // A frame that cannot be read (the video resizing, say): the next one will do.
    }
    if (!isStopped) timer = setTimeout(scan, SCAN_INTERVAL_MS);
  };
  void scan();
  return stop;
}

async function openBackCamera(): Promise<MediaStream> {
  try {
    return await navigator.mediaDevices.getUserMedia({
      video: { facingMode: { ideal: 'environment' } },
      audio: false,
    });
  } catch (error) {
    const name = error instanceof DOMException ? error.name : '';
    if (name === 'NotAllowedError' || name === 'SecurityError') {
      throw new ScannerError(
        'The camera is not allowed. Allow it in the browser, or type the code.',
      );
    }
    if (name === 'NotFoundError' || name === 'OverconstrainedError') {
      throw new ScannerError('No camera was found. Type the code instead.');
    }
    throw new ScannerError('The camera could not be started. Type the code instead.');
  }
}
