import { useEffect, useState } from 'react';
import styles from './ticket-qr-code.module.css';

/**
 * The QR code of `value` as an SVG data URL: black modules on white with the standard
 * quiet zone of 4 modules, whatever the site's theme, since scanners need dark on light.
 * Medium error correction survives a scratched print or a glare on a phone screen. The
 * encoder is downloaded with the first ticket shown, not with the first screen.
 */
export async function qrCodeSource(value: string): Promise<string> {
  const { renderSVG } = await import('uqr');
  const svg = renderSVG(value, { ecc: 'M', border: 4, whiteColor: '#fff', blackColor: '#000' })
    // Sharp module edges at any scale: no faint seams between neighbouring modules.
    .replace('<svg ', '<svg shape-rendering="crispEdges" ');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/**
 * A ticket's QR code, big enough to be scanned from a phone's screen. Until it is drawn,
 * a white square of its size holds its place, so nothing below it moves.
 */
export function TicketQrCode({ value, label }: { value: string; label: string }) {
  const [drawn, setDrawn] = useState<{ value: string; source: string } | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void qrCodeSource(value).then((source) => {
      if (isCurrent) setDrawn({ value, source });
    });
    return () => {
      isCurrent = false;
    };
  }, [value]);

  if (drawn?.value !== value) {
    return (
      <span
        className={`${styles.qrCode} ${styles.pending}`}
        role="img"
        aria-label={label}
        aria-busy="true"
      />
    );
  }
  return <img className={styles.qrCode} src={drawn.source} alt={label} width={240} height={240} />;
}
