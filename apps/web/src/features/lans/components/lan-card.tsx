import type { Lan } from '@lanparty/contract';
import { countOpenPlaces, countTakenPlaces } from '@lanparty/contract/rules';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDisplayDate } from '../../../lib/format-date.ts';
import { formatEuros } from '../../../lib/format-money.ts';
import { useViewer } from '../../../lib/viewer.tsx';
import { LanBanner } from './lan-banner.tsx';
import styles from './lan-card.module.css';

type LanCardProps = {
  lan: Lan;
  /** Spec §2: mini (Soon), full (the featured lan), archive (dates only). */
  variant: 'mini' | 'full' | 'archive';
  children?: ReactNode;
};

/** A lan's name, banner and stats panel; the full variant adds its children (panel, table). */
export function LanCard({ lan, variant, children }: LanCardProps) {
  const isFull = variant === 'full';
  const Heading = isFull ? 'h2' : 'h3';
  return (
    <article className={`${styles.card} ${styles[variant]}`} aria-label={lan.name}>
      <LanBanner lanId={lan.id} withSnow={isFull} />
      <div className={styles.body}>
        <Heading className={styles.name}>
          {isFull ? lan.name : <Link to={`/lans/${lan.id}`}>{lan.name}</Link>}
        </Heading>
        <dl className={styles.stats}>
          <Stat label="Start">{formatDisplayDate(lan.startDate)}</Stat>
          <Stat label="End">{formatDisplayDate(lan.endDate)}</Stat>
          {variant === 'archive' ? null : (
            <Stat label="Price">
              <LanPrice lan={lan} />
            </Stat>
          )}
          {isFull ? (
            <>
              <Stat label="Lanners">{countTakenPlaces(lan.subscribers)}</Stat>
              <Stat label="Open">{countOpenPlaces(lan)}</Stat>
            </>
          ) : null}
        </dl>
        {children}
      </div>
    </article>
  );
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.stat}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** Spec §2: the member price, and for members the normal price struck through. */
function LanPrice({ lan }: { lan: Lan }) {
  const viewer = useViewer();
  // A fact about the viewer, not a permission: a SystemAdministrator pays as what they are.
  const isMember = viewer.user?.roles.includes('Member') ?? false;
  return (
    <>
      {isMember ? (
        <s className={styles.normalPrice}>
          <span className="visually-hidden">normal price </span>
          {formatEuros(lan.price)}
        </s>
      ) : null}{' '}
      <span className="visually-hidden">member price </span>
      {formatEuros(lan.membersPrice)}
    </>
  );
}
