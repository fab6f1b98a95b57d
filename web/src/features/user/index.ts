/*
 * What other features and the app may use of the user feature (the signed-in user and sign-in).
 */
export { SignInBanner } from './sign-in-banner';
export { adminCheckAtom } from './session-atoms';
export { SignedInGate } from './signed-in-gate';
export { useIsAdmin } from './use-is-admin';
export { useUser } from './user-context';
export { userIdAtom } from './user-id-atom';
export { UserProvider } from './user-provider';
