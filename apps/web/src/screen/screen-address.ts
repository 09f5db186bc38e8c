/**
 * Whether the page is a lan's screen (/screen/{token}), told as cheaply as the first
 * screen allows: any address under /screen/ (the server answers those that are no screen's
 * 404, and the screen says it was switched off). screen-address.test.ts holds it to the
 * contract's `isScreenPath`.
 */
export const isScreenAddress = (pathname: string) => pathname.startsWith('/screen/');
