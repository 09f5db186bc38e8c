import type { Lan, LanHeadline } from '@lanparty/contract';
import {
  amountDueFor,
  centsFromEuros,
  countOpenPlaces,
  countTakenPlaces,
  formatEuros,
  isLanFull,
  isLanOpen,
} from '@lanparty/contract/rules';
import type { ReactNode } from 'react';
import { formatCommunityDateTime } from '../../../lib/format-date.ts';
import { Link } from '../../../lib/router/index.tsx';
import { useViewer } from '../../../lib/viewer.tsx';
import { bannerSizes, LanBanner } from './lan-banner.tsx';
import styles from './lan-card.module.css';

type LanCardProps = {
  /** Spec §2: mini (Soon), full (the featured lan), archive (dates only: its headline). */
  variant: 'mini' | 'full' | 'archive';
  /** The whole lan; an archive card needs only its headline (GET /api/lans?view=headline). */
  lan: Lan | LanHeadline;
  children?: ReactNode;
  /**
   * Whether the banner waits until scrolled near; by default the small cards' do (they
   * stand below the featured lan), the full card's does not.
   */
  isBannerLazy?: boolean;
  /** On the lan's own page its name links nowhere; every other card links to that page. */
  isOwnPage?: boolean;
};

/** A lan's name, banner and stats panel; the full variant adds its children (panel, table). */
export function LanCard({
  lan,
  variant,
  children,
  isBannerLazy = variant !== 'full',
  isOwnPage,
}: LanCardProps) {
  // Price, places and waitlist are the whole lan's; the archive shows none of them.
  const whole = variant !== 'archive' && 'subscribers' in lan ? lan : null;
  const isFull = variant === 'full';
  const Heading = isFull ? 'h2' : 'h3';
  // A full lan that is still open takes new lanners on its waitlist (the subscription panel
  // offers it): said on the upcoming cards, so nobody reads a full lan as closed or open.
  const hasOpenWaitlist = whole !== null && isLanOpen(whole) && isLanFull(whole);
  return (
    <article className={`${styles.card} ${styles[variant]}`} aria-label={lan.name}>
      <LanBanner
        lan={lan}
        sizes={isFull ? bannerSizes.page : bannerSizes.half}
        withSnow={isFull}
        isLazy={isBannerLazy}
      />
      <div className={styles.body}>
        <Heading className={styles.name}>
          {isOwnPage ? lan.name : <Link to={`/lans/${lan.id}`}>{lan.name}</Link>}
        </Heading>
        {hasOpenWaitlist ? <p className={styles.waitlistOpen}>Full — waitlist open</p> : null}
        <dl className={styles.stats}>
          <Stat label="Start">
            <LanMoment moment={lan.startDate} />
          </Stat>
          <Stat label="End">
            <LanMoment moment={lan.endDate} />
          </Stat>
          {whole === null ? null : (
            <Stat label="Price" className={styles.priceStat}>
              <LanPrice lan={whole} />
            </Stat>
          )}
          {isFull && whole ? (
            <Stat label="Lanners">{countTakenPlaces(whole.subscribers)}</Stat>
          ) : null}
          {/* A lan that has ended has no places left to take, whatever its count says. */}
          {isFull && whole && isLanOpen(whole) ? (
            <Stat label="Open">{countOpenPlaces(whole)}</Stat>
          ) : null}
        </dl>
        {children}
      </div>
    </article>
  );
}

/** A lan's start or end: its date and time as the community's clocks show them. */
function LanMoment({ moment }: { moment: string }) {
  return <time dateTime={moment}>{formatCommunityDateTime(moment)}</time>;
}

function Stat({
  label,
  className,
  children,
}: {
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={className ? `${styles.stat} ${className}` : styles.stat}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/**
 * The price this viewer pays comes first (the contract's `amountDueFor`: a Member pays the
 * member price, anyone else — a visitor too — the price). Spec §2: a member sees the normal
 * price struck through beside it; anyone else sees the member price labelled for members.
 * A screen reader hears words for what the strike-through only shows.
 */
function LanPrice({ lan }: { lan: Lan }) {
  const viewer = useViewer();
  // A fact about the viewer, not a permission: a SystemAdministrator pays as what they are.
  const roles = viewer.user?.roles ?? [];
  const isMember = roles.includes('Member');
  const amountDue = amountDueFor(lan, roles);
  if (lan.membersPrice === lan.price) return <>{formatEuros(centsFromEuros(amountDue))}</>;
  if (isMember) {
    return (
      <span className={styles.price}>
        {formatEuros(centsFromEuros(amountDue))}
        <span className="visually-hidden"> as a member, instead of </span>{' '}
        <s className={styles.otherPrice}>{formatEuros(centsFromEuros(lan.price))}</s>
      </span>
    );
  }
  return (
    <span className={styles.price}>
      {formatEuros(centsFromEuros(amountDue))}
      <span className="visually-hidden">,</span>{' '}
      {/* A narrow card breaks the line before "for members", never inside it. */}
      <span className={styles.otherPrice}>
        {formatEuros(centsFromEuros(lan.membersPrice))} for&nbsp;members
      </span>
    </span>
  );
}
