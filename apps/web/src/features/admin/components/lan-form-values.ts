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

export function toLanFormValues(lan: LanDraft | Lan): LanFormValues {
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

/** The lan as saved, as a PUT body: for changes outside the form (activating). */
export function lanAsUpdate(lan: Lan): LanUpdate {
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
  };
}
