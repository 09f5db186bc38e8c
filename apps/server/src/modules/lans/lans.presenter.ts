import type { Lan, LanDefaults, LanHeadline, LanLocation, Subscriber } from '@lanparty/contract';
import { eurosFromCents } from '@lanparty/contract/rules';
import { toBoolean, toIsoTimestamp } from '../../db/columns.ts';
import { toZonedIsoTimestamp } from '../../lib/zoned-timestamp.ts';
import type { LanDefaultCents } from '../settings/lan-defaults.repository.ts';
import type { LanRow } from './lans.repository.ts';

/**
 * A lan in the contract's shape, the one place it is built. Its own subscribers and its
 * banner's version come already read (by `lan-subscribers`, from the assets), so this
 * presenter imports no other module. Its start and end are written with the offset of the
 * community's time zone (`timeZone`): the date and time the organiser set (decision 038).
 */
export function presentLan(
  row: LanRow,
  subscribers: readonly Subscriber[],
  bannerVersion: string | null,
  timeZone: string,
): Lan {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    startDate: toZonedIsoTimestamp(row.start_date, timeZone),
    endDate: toZonedIsoTimestamp(row.end_date, timeZone),
    isActive: toBoolean(row.is_active),
    maximumSubcribers: row.maximum_subscribers,
    price: eurosFromCents(row.price_cents),
    membersPrice: eurosFromCents(row.members_price_cents),
    creationDate: toIsoTimestamp(row.creation_date),
    modificationDate: toIsoTimestamp(row.modification_date),
    subscribers: [...subscribers],
    locationInvoiceNumber: row.location_invoice_number,
    locationIsPayed: toBoolean(row.location_is_payed),
    location: presentLocation(row),
    bannerVersion,
  };
}

/** A lan as an archive card shows it: its name, dates and banner (view=headline). */
export function presentLanHeadline(
  row: LanRow,
  bannerVersion: string | null,
  timeZone: string,
): LanHeadline {
  return {
    id: row.id,
    name: row.name,
    startDate: toZonedIsoTimestamp(row.start_date, timeZone),
    endDate: toZonedIsoTimestamp(row.end_date, timeZone),
    isActive: toBoolean(row.is_active),
    bannerVersion,
  };
}

/** The lan's venue and address; the database keeps them both or neither (migration 0009). */
export function presentLocation(
  row: Pick<LanRow, 'location_name' | 'location_address'>,
): LanLocation | null {
  if (row.location_name === null || row.location_address === null) return null;
  return { name: row.location_name, address: row.location_address };
}

/** The prices a new lan starts with, from the settings' cents to the API's euros. */
export function presentLanDefaults(cents: LanDefaultCents): LanDefaults {
  return {
    lanPrice: eurosFromCents(cents.lanPrice),
    membersLanPrice: eurosFromCents(cents.membersLanPrice),
  };
}
