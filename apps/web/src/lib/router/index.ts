// The app's routing: wouter, and what the app adds on top of it (decision 025).
export { Link, Redirect as Navigate, useParams, useRoute, useSearchParams } from 'wouter';
export * from './router.tsx';
