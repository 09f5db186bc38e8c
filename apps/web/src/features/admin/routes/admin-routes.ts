/**
 * The entry of the lazily loaded admin chunk: the app router imports only this file,
 * dynamically, so the admin screens never weigh on the first screen.
 */
export { AdminCheckInRoute } from './admin-check-in-route.tsx';
export { AdminLanRoute } from './admin-lan-route.tsx';
export { AdminLansRoute } from './admin-lans-route.tsx';
export { AdminLayout } from './admin-layout.tsx';
export { AdminNewLanRoute } from './admin-new-lan-route.tsx';
export { AdminSeatsRoute } from './admin-seats-route.tsx';
export { AdminSignUpsRoute } from './admin-sign-ups-route.tsx';
export { AdminUserRoute } from './admin-user-route.tsx';
export { AdminUsersRoute } from './admin-users-route.tsx';
