import type { Lan, LanLocation } from '@lanparty/contract';
import { ExternalLink, MapPin } from 'lucide-react';
import { useId } from 'react';
import styles from './lan-about.module.css';

/** OpenStreetMap's search for the venue: a lan has an address, not coordinates; no key needed. */
export function mapSearchUrl({ name, address }: LanLocation): string {
  return `https://www.openstreetmap.org/search?query=${encodeURIComponent(`${name}, ${address}`)}`;
}

/**
 * The description is plain text as the organiser typed it: a blank line starts a new
 * paragraph, and a single line break stays a line break (white-space: pre-line).
 */
function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');
}

/** What the lan is and where it is held; nothing when the organiser has written neither. */
export function LanAbout({ lan }: { lan: Lan }) {
  const paragraphs = splitParagraphs(lan.description);
  if (paragraphs.length === 0 && !lan.location) return null;
  return (
    <div className={styles.about}>
      {paragraphs.length > 0 ? (
        <div className={styles.description}>
          {paragraphs.map((paragraph, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one text's paragraphs never move
            <p key={index}>{paragraph}</p>
          ))}
        </div>
      ) : null}
      {lan.location ? <LocationOfLan location={lan.location} /> : null}
    </div>
  );
}

function LocationOfLan({ location }: { location: LanLocation }) {
  const headingId = useId();
  return (
    <section className={styles.location} aria-labelledby={headingId}>
      <MapPin size={20} aria-hidden="true" className={styles.pin} />
      <div className={styles.venue}>
        <h3 id={headingId} className={styles.label}>
          Location
        </h3>
        <p className={styles.venueName}>{location.name}</p>
        <p>{location.address}</p>
        <a href={mapSearchUrl(location)} target="_blank" rel="noopener" className={styles.mapLink}>
          Open in a map
          <ExternalLink size={16} aria-hidden="true" />
          <span className="visually-hidden"> (opens in a new tab)</span>
        </a>
      </div>
    </section>
  );
}
