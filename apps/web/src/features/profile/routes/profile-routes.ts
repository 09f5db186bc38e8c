/**
 * The entry of the lazily loaded profile chunk: the form, its zod schema and the avatar
 * upload stay off the first screen.
 */
export { EmailVerificationRoute } from './email-verification-route.tsx';
export { PersonalProfileRoute } from './personal-profile-route.tsx';
export { ProfileRoute } from './profile-route.tsx';
