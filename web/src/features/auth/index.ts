// Signing in and up, the second step, password reset and e-mail verification. Its one screen (Auth.tsx,
// /auth) is a route module that the page registry (app/registry.ts) loads lazily, a chunk of its own.
// Its face: the password inputs, which the profile page's password change uses too.
export { NewPasswordField, PasswordField } from './AccountFields';
