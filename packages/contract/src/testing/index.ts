/** Test helpers of the contract, for the contract's, the server's and the web's tests. */
export * from './clan-factories.ts';
export * from './factories.ts';
export * from './food-factories.ts';
export * from './list-issues.ts';
export { importCountingNumberFormats } from './number-formats.ts';
export * from './organiser-factories.ts';
export * from './payment-factories.ts';
export * from './seating-factories.ts';
