/**
 * The entry of the lazily loaded clans chunk (issue 34): the list, a clan's page and its
 * invite link's page, with their forms and dialogs, stay off the first screen. Only the
 * tag beside nicknames (components/clan-tag.tsx) is on it.
 */
export { ClanJoinRoute } from './clan-join-route.tsx';
export { ClanRoute } from './clan-route.tsx';
export { ClansRoute } from './clans-route.tsx';
