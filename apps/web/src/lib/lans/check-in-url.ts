/**
 * What a ticket's QR code encodes: the door's check-in screen with the code in the
 * fragment, so a door phone's own camera app opens that screen, which checks the code
 * in. The fragment never reaches a server log; `normalizeCheckInCode` reads the code
 * back out of such a URL.
 */
export function checkInUrlOf({
  origin,
  lanId,
  checkInCode,
}: {
  origin: string;
  lanId: number;
  checkInCode: string;
}): string {
  return `${origin}/admin/lans/${lanId}/check-in#code=${encodeURIComponent(checkInCode)}`;
}
