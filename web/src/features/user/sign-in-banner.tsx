import { Button } from '@web/components/ui/button';
import { container } from '@web/components/ui/surface.css';
import { useWallet } from '@web/features/wallet';
import { useUser } from './user-context';
import * as styles from './sign-in-banner.css';

export const SIGN_IN_REASON =
  'Buying and listing need a one-time signature that proves this wallet is yours. Signing costs nothing and sends no transaction.';

/** Shown when a connected wallet did not sign in: browsing works, buying and listing do not. */
export function SignInBanner() {
  const { connected } = useWallet();
  const { signInStatus, signInError, error, signIn } = useUser();
  if (!connected || (signInStatus !== 'needed' && !error)) return null;
  const needsSignature = signInStatus === 'needed';
  return (
    <div className={container}>
      <div role="alert" className={styles.banner}>
        <div className={styles.text}>
          <p className={styles.title}>{needsSignature ? 'Sign in to buy or sell' : error}</p>
          {needsSignature ? (
            <p>
              {SIGN_IN_REASON}
              {signInError ? ` (${signInError})` : ''}
            </p>
          ) : null}
        </div>
        {needsSignature ? <Button onClick={() => void signIn()}>Sign in</Button> : null}
      </div>
    </div>
  );
}
