import type { Lan, LanDraft, LanInput, LanUpdate } from '@lanparty/contract';
import { fromLocalInput, toLocalInput } from '../../../lib/forms/local-date-time.ts';

/** The lan form as the inputs hold it: dates as datetime-local text, numbers as typed. */
export type LanFormValues = {
  name: string;
  description: string;
  /** `yyyy-MM-ddTHH:mm` on the community's clocks (TZ_COMMUNITY), not the browser's. */
  startDate: string;
  endDate: string;
  isActive: boolean;
  maximumSubcribers: number;
  price: number;
  membersPrice: number;
  locationInvoiceNumber: string;
  locationIsPayed: boolean;
  /** The venue and its address as typed; both empty is no location. */
  location: { name: string; address: string };
};

/** An emptied number input gives NaN; the schema then says "is required". */
const numberOrMissing = (value: number) => (Number.isFinite(value) ? value : undefined);

/**
 * Both fields empty is no location (null). Anything typed goes to the schema as it is, so
 * a venue without its address, or the other way round, gets "is required" on the empty one.
 */
function locationBody({ name, address }: LanFormValues['location']) {
  return name.trim() === '' && address.trim() === '' ? null : { name, address };
}

/** The form's values of a lan; its start and end on the clocks of `timeZone`. */
export function toLanFormValues(lan: LanDraft | Lan, timeZone: string): LanFormValues {
  // A draft is a lan not yet made: it has no location, nor an invoice for one.
  const location = 'location' in lan ? lan.location : null;
  return {
    name: lan.name,
    description: lan.description,
    startDate: toLocalInput(lan.startDate, timeZone),
    endDate: toLocalInput(lan.endDate, timeZone),
    isActive: lan.isActive,
    maximumSubcribers: lan.maximumSubcribers,
    price: lan.price,
    membersPrice: lan.membersPrice,
    locationInvoiceNumber: 'locationInvoiceNumber' in lan ? (lan.locationInvoiceNumber ?? '') : '',
    locationIsPayed: 'locationIsPayed' in lan ? lan.locationIsPayed : false,
    location: { name: location?.name ?? '', address: location?.address ?? '' },
  };
}

/** The body of POST /api/lans, before validation; times typed on `timeZone`'s clocks. */
export function toLanInputBody(
  values: LanFormValues,
  timeZone: string,
): Record<keyof LanInput, unknown> {
  return {
    name: values.name,
    description: values.description,
    startDate: fromLocalInput(values.startDate, timeZone),
    endDate: fromLocalInput(values.endDate, timeZone),
    isActive: values.isActive,
    maximumSubcribers: numberOrMissing(values.maximumSubcribers),
    price: numberOrMissing(values.price),
    membersPrice: numberOrMissing(values.membersPrice),
    location: locationBody(values.location),
  };
}

/** The body of PUT /api/lans/{id}, before validation. */
export function toLanUpdateBody(
  id: number,
  values: LanFormValues,
  timeZone: string,
): Record<keyof LanUpdate, unknown> {
  return {
    ...toLanInputBody(values, timeZone),
    id,
    locationInvoiceNumber: values.locationInvoiceNumber.trim() || null,
    locationIsPayed: values.locationIsPayed,
  };
}

/**
 * The lan as saved, as a PUT body: for changes outside the form (activating). Every field
 * is given, the location too, so the body says what the screen showed.
 */
export function lanAsUpdate(lan: Lan): Required<LanUpdate> {
  return {
    id: lan.id,
    name: lan.name,
    description: lan.description,
    startDate: lan.startDate,
    endDate: lan.endDate,
    isActive: lan.isActive,
    maximumSubcribers: lan.maximumSubcribers,
    price: lan.price,
    membersPrice: lan.membersPrice,
    locationInvoiceNumber: lan.locationInvoiceNumber,
    locationIsPayed: lan.locationIsPayed,
    location: lan.location,
  };
}
