import { createQrDetector } from './create-qr-detector.ts';

/** Why the camera could not scan, in words for the door. */
export class ScannerError extends Error {
  override name = 'ScannerError';
}

/** How often a frame is read: often enough to feel instant, rare enough for a cheap phone. */
const SCAN_INTERVAL_MS = 150;

/**
 * Shows the back camera in `video` and reads QR codes from it until one is read (then
 * `onRead` gets its text and the camera is off) or the returned `stop` is called. Rejects
 * with a ScannerError when there is no camera to use.
 */
export async function startQrScanner({
  video,
  onRead,
}: {
  video: HTMLVideoElement;
  onRead: (text: string) => void;
}): Promise<() => void> {
  if (!navigator.mediaDevices?.getUserMedia) {
    throw new ScannerError('The camera needs a secure (https) connection to the site.');
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

  const scan = async () => {
    if (isStopped) return;
    try {
      if (video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA) {
        const [code] = await reader.detect(video);
        if (code && !isStopped) {
          stop();
          onRead(code.rawValue);
          return;
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
