const STATEMENT = 'Sign in to the escrow marketplace. This request costs nothing.';

/** A Sign-In-With-Solana message (same fields and order as EIP-4361). */
export function siwsMessage(f: {
  domain: string;
  address: string;
  uri: string;
  chainId: string;
  nonce: string;
  issuedAt: Date;
  expiresAt: Date;
}): string {
  return [
    `${f.domain} wants you to sign in with your Solana account:`,
    f.address,
    '',
    STATEMENT,
    '',
    `URI: ${f.uri}`,
    'Version: 1',
    `Chain ID: ${f.chainId}`,
    `Nonce: ${f.nonce}`,
    `Issued At: ${f.issuedAt.toISOString()}`,
    `Expiration Time: ${f.expiresAt.toISOString()}`,
  ].join('\n');
}

/** The nonce a signed message carries, if any. */
export const nonceOf = (message: string) => /^Nonce: (\S+)$/m.exec(message)?.[1];
