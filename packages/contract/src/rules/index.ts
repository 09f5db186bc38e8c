/*
 * The rules both sides apply, kept free of zod: the web app's first screen imports them,
 * and a schema module would bring zod along. Import them as `@lanparty/contract/rules`
 * (the main entry re-exports them too). Only type imports from the schemas belong here.
 * Where rules live and how to add one: docs/decisions/019-where-rules-live.md.
 */

export * from './announcement-rules.ts';
export * from './app-paths.ts';
export * from './asset-rules.ts';
export * from './badge-rules.ts';
export * from './birth-date-rules.ts';
export * from './check-in-code-rules.ts';
export * from './clan-rules.ts';
export * from './consent-rules.ts';
export * from './event-stream-parser.ts';
export * from './food-rules.ts';
export * from './identity-rules.ts';
export * from './image-upload-rules.ts';
export * from './lan-rules.ts';
export * from './live-event-rules.ts';
export * from './money.ts';
export * from './name-search-rules.ts';
export * from './organiser-rules.ts';
export * from './payment-rules.ts';
export * from './playtime-rules.ts';
export * from './role-rules.ts';
export * from './schedule-rules.ts';
export * from './screen-rules.ts';
export * from './seat-rules.ts';
export * from './subscriber-rules.ts';
export * from './tournament-rules.ts';
export * from './user-rules.ts';
export * from './zoned-time.ts';
