import { CalendarDays, Download } from 'lucide-react';
import controls from '../../../components/controls.module.css';
import { useCalendarFeed } from '../api/get-calendar-feed.ts';

/**
 * The lans in the visitor's own calendar: a subscription (webcal://, on the site's public
 * address from the server), so new and changed lans appear there by themselves, and beside
 * it the file to download once. Until the address is known, or if it cannot be read, the
 * download stands alone.
 */
export function CalendarLinks() {
  const feed = useCalendarFeed();
  return (
    <>
      {feed.data ? (
        <a className={controls.buttonSecondary} href={feed.data.subscriptionUrl}>
          <CalendarDays size={18} aria-hidden="true" />
          Subscribe in your calendar
        </a>
      ) : null}
      {/* The site's own address: a download needs the page's origin. */}
      <a className={controls.buttonSecondary} href="/api/lans.ics" download="lanparty.ics">
        <Download size={18} aria-hidden="true" />
        Download the calendar
      </a>
    </>
  );
}
