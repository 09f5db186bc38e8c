import { useMemo } from 'react';
import { renderSVG } from 'uqr';
import styles from './ticket-qr-code.module.css';

/**
 * The QR code of `value` as an SVG data URL: black modules on white with the standard
 * quiet zone of 4 modules, whatever the site's theme, since scanners need dark on light.
 * Medium error correction survives a scratched print or a glare on a phone screen.
 */
export function qrCodeSource(value: string): string {
  const svg = renderSVG(value, { ecc: 'M', border: 4, whiteColor: '#fff', blackColor: '#000' })
    // Sharp module edges at any scale: no faint seams between neighbouring modules.
    .replace('<svg ', '<svg shape-rendering="crispEdges" ');
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** A ticket's QR code, big enough to be scanned from a phone's screen. */
export function TicketQrCode({ value, label }: { value: string; label: string }) {
  const source = useMemo(() => qrCodeSource(value), [value]);
  return <img className={styles.qrCode} src={source} alt={label} width={240} height={240} />;
}
