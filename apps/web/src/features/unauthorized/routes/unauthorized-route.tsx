import { useState } from 'react';
import { Link } from '../../../lib/router/index.tsx';
import { useDocumentTitle } from '../../../lib/use-document-title.ts';
import { pickUnauthorizedImage } from '../unauthorized-images.ts';
import styles from './unauthorized-route.module.css';

/** unauthorized: where a failed role check sends the visitor; one of four images at random. */
export function UnauthorizedRoute() {
  useDocumentTitle('Unauthorized');
  // Picked once per visit, not on every render.
  const [image] = useState(() => pickUnauthorizedImage());

  return (
    <div className={styles.page}>
      <img className={styles.image} src={image.src} alt={image.alt} width="480" height="320" />
      <div className={styles.text}>
        <h1 className={styles.heading}>Unauthorized</h1>
        <p className={styles.lead}>This part of Lanparty is not open to you.</p>
        <Link to="/lans/upcoming" className={styles.action}>
          See the upcoming lans
        </Link>
      </div>
    </div>
  );
}
