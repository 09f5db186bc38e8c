/**
 * The profile form's schema, in a chunk of its own with zod: the profile page shows
 * without it, and the form loads it as it shows (profile-form.tsx).
 */
export { userProfileInputSchema } from '@lanparty/contract';
