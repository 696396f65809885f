// What other areas use of sign-in: ending an account's sessions (a password reset, a disabled account).
export { revokeAllTokens } from './tokens.ts';
