import bs58 from 'bs58';
import type { WalletSignatures } from '../../app/ports';
import { verifyBytes } from './native-ed25519';

const decode = (text: string): Uint8Array | null => {
  try {
    return bs58.decode(text);
  } catch {
    return null;
  }
};

/** ed25519 signature checks for sign-in: the address is the public key, base58. */
export const walletSignatures: WalletSignatures = {
  isAddress(text) {
    return /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text) && decode(text)?.length === 32;
  },
  verify(message, signatureBase58, walletAddress) {
    const signature = decode(signatureBase58);
    const key = decode(walletAddress);
    if (!signature || !key) return false;
    return verifyBytes(message, signature, key);
  },
};
