import { renderSVG } from 'uqr';

/**
 * The QR code of `value` as SVG: black modules on white with the standard quiet zone of 4
 * modules, whatever the site's theme, since scanners need dark on light. Medium error
 * correction survives a scratched print or a glare on a phone screen.
 */
export function qrCodeSvg(value: string): string {
  return (
    renderSVG(value, { ecc: 'M', border: 4, whiteColor: '#fff', blackColor: '#000' })
      // Sharp module edges at any scale: no faint seams between neighbouring modules.
      .replace('<svg ', '<svg shape-rendering="crispEdges" ')
  );
}

export type QrCodeRequest = { id: number; value: string };
export type QrCodeAnswer = { id: number; svg: string } | { id: number; error: string };

/** What the QR code worker does with each request: draws it and sends the SVG back. */
export function answerQrCodeRequests(scope: Pick<Worker, 'addEventListener' | 'postMessage'>) {
  scope.addEventListener('message', (event: MessageEvent<QrCodeRequest>) => {
    const { id, value } = event.data;
    let answer: QrCodeAnswer;
    try {
      answer = { id, svg: qrCodeSvg(value) };
    } catch (error) {
      answer = { id, error: String(error) };
    }
    scope.postMessage(answer);
  });
}
