import type { Lan, LanDraft, LanInput, LanUpdate } from '@lanparty/contract';

/** The lan form as the inputs hold it: dates as datetime-local text, numbers as typed. */
export type LanFormValues = {
  name: string;
  description: string;
  /** `yyyy-MM-ddTHH:mm` in the browser's time zone. */
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

const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO moment as a datetime-local value in the browser's time zone. */
export function toLocalInput(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(
    date.getHours(),
  )}:${pad(date.getMinutes())}`;
}

/**
 * A datetime-local value (read in the browser's time zone) as ISO-8601 with that zone's
 * offset, `2025-03-14T18:00:00+01:00`; empty text stays empty, so it reads "is required".
 */
export function fromLocalInput(local: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(local)) return '';
  const date = new Date(local);
  if (Number.isNaN(date.getTime())) return '';
  const offsetMinutes = -date.getTimezoneOffset();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const offset = `${sign}${pad(Math.floor(Math.abs(offsetMinutes) / 60))}:${pad(
    Math.abs(offsetMinutes) % 60,
  )}`;
  return `${toLocalInput(date.toISOString())}:00${offset}`;
}

/** An emptied number input gives NaN; the schema then says "is required". */
const numberOrMissing = (value: number) => (Number.isFinite(value) ? value : undefined);

/**
 * Both fields empty is no location (null). Anything typed goes to the schema as it is, so
 * a venue without its address, or the other way round, gets "is required" on the empty one.
 */
function locationBody({ name, address }: LanFormValues['location']) {
  return name.trim() === '' && address.trim() === '' ? null : { name, address };
}

export function toLanFormValues(lan: LanDraft | Lan): LanFormValues {
  // A draft is a lan not yet made: it has no location, nor an invoice for one.
  const location = 'location' in lan ? lan.location : null;
  return {
    name: lan.name,
    description: lan.description,
    startDate: toLocalInput(lan.startDate),
    endDate: toLocalInput(lan.endDate),
    isActive: lan.isActive,
    maximumSubcribers: lan.maximumSubcribers,
    price: lan.price,
    membersPrice: lan.membersPrice,
    locationInvoiceNumber: 'locationInvoiceNumber' in lan ? (lan.locationInvoiceNumber ?? '') : '',
    locationIsPayed: 'locationIsPayed' in lan ? lan.locationIsPayed : false,
    location: { name: location?.name ?? '', address: location?.address ?? '' },
  };
}

/** The body of POST /api/lans, before validation. */
export function toLanInputBody(values: LanFormValues): Record<keyof LanInput, unknown> {
  return {
    name: values.name,
    description: values.description,
    startDate: fromLocalInput(values.startDate),
    endDate: fromLocalInput(values.endDate),
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
): Record<keyof LanUpdate, unknown> {
  return {
    ...toLanInputBody(values),
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
