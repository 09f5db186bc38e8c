import { useEffect, useState } from 'react';
import type { QrCodeAnswer, QrCodeRequest } from './qr-code-svg.ts';
import styles from './ticket-qr-code.module.css';

/**
 * The QR code of `value` as SVG markup (qr-code-svg.ts: a white square and one path). Drawn
 * in a worker: trying its eight masks takes 30–60 ms on a phone, which on the main thread
 * held up the page just as it showed. Where there is no worker, or it fails, it is drawn
 * here. The encoder is downloaded with the first ticket shown, not with the first screen.
 */
export function qrCodeMarkup(value: string): Promise<string> {
  return drawInWorker(value).catch(async () => {
    const { qrCodeSvg } = await import('./qr-code-svg.ts');
    return qrCodeSvg(value);
  });
}

type Pending = { resolve: (svg: string) => void; reject: (error: Error) => void };
let worker: { post: (value: string) => Promise<string> } | undefined;
let hasWorkerFailed = false;

function drawInWorker(value: string): Promise<string> {
  if (typeof Worker === 'undefined' || hasWorkerFailed) {
    return Promise.reject(new Error('No QR code worker'));
  }
  try {
    worker ??= startWorker();
  } catch (error) {
    // Refused at once (a content security policy, a browser without module workers).
    hasWorkerFailed = true;
    return Promise.reject(error);
  }
  return worker.post(value);
}

/**
 * One worker for every QR code of the page. If it cannot start (or dies), each code waiting
 * for it is told, and the codes after them are drawn here.
 */
function startWorker() {
  const pending = new Map<number, Pending>();
  let nextId = 0;
  const thread = new Worker(new URL('./qr-code.worker.ts', import.meta.url), { type: 'module' });
  thread.addEventListener('message', (event: MessageEvent<QrCodeAnswer>) => {
    const answer = event.data;
    const waiting = pending.get(answer.id);
    pending.delete(answer.id);
    if ('svg' in answer) waiting?.resolve(answer.svg);
    else waiting?.reject(new Error(answer.error));
  });
  thread.addEventListener('error', () => {
    hasWorkerFailed = true;
    for (const waiting of pending.values()) waiting.reject(new Error('The QR code worker failed'));
    pending.clear();
  });
  return {
    post(value: string) {
      const id = nextId++;
      return new Promise<string>((resolve, reject) => {
        pending.set(id, { resolve, reject });
        thread.postMessage({ id, value } satisfies QrCodeRequest);
      });
    },
  };
}

/**
 * A ticket's QR code, big enough to be scanned from a phone's screen. Until it is drawn,
 * a white square of its size holds its place, so nothing below it moves.
 */
export function TicketQrCode({ value, label }: { value: string; label: string }) {
  const [drawn, setDrawn] = useState<{ value: string; markup: string } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void qrCodeMarkup(value).then((markup) => {
      if (isCurrent) setDrawn({ value, markup });
    });
    return () => {
      isCurrent = false;
    };
  }, [value]);

  // Drawn into the page's own document, not shown as an image: Chromium sets up every SVG
  // image as a page of its own on the main thread (decision 031). The markup is the
  // encoder's own: a square and a path of numbers, nothing of the value as text.
  const markup = drawn?.value === value ? drawn.markup : undefined;
  return (
    <span
      className={styles.qrCode}
      role="img"
      aria-label={label}
      aria-busy={markup === undefined || undefined}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the encoder's SVG, see above
      dangerouslySetInnerHTML={markup === undefined ? undefined : { __html: markup }}
    />
  );
}
