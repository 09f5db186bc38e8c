/**
 * The entry of the lazily loaded admin chunk: the app router imports only this file,
 * dynamically, so the admin screens never weigh on the first screen. The section's screens
 * come from the features they tend (lans, seating, check-in) and from features/admin (its
 * shell and the people's administration): one chunk for the whole section, as before.
 */

export { AdminLayout } from '../features/admin/routes/admin-layout.tsx';
export { AdminSignUpsRoute } from '../features/admin/routes/admin-sign-ups-route.tsx';
export { AdminUserRoute } from '../features/admin/routes/admin-user-route.tsx';
export { AdminUsersRoute } from '../features/admin/routes/admin-users-route.tsx';
export { AdminCheckInRoute } from '../features/check-in/routes/admin-check-in-route.tsx';
export { AdminLansRoute } from '../features/lans/routes/admin-lans-route.tsx';
export { AdminNewLanRoute } from '../features/lans/routes/admin-new-lan-route.tsx';
export { AdminSeatsRoute } from '../features/seating/routes/admin-seats-route.tsx';
export { AdminLanRoute } from './admin-lan-route.tsx';
