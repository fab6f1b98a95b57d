/** Spec section 3: the chosen wallet name and the connected address live in browser storage. */
export const WALLET_NAME_KEY = 'solana-wallet';
export const WALLET_ADDRESS_KEY = 'solana-address';

export function savedWallet(): { name: string; address: string } | null {
  try {
    const name = localStorage.getItem(WALLET_NAME_KEY);
    const address = localStorage.getItem(WALLET_ADDRESS_KEY);
    return name && address ? { name, address } : null;
  } catch {
    return null;
  }
}

export function saveWallet(name: string, address: string) {
  try {
    localStorage.setItem(WALLET_NAME_KEY, name);
    localStorage.setItem(WALLET_ADDRESS_KEY, address);
  } catch {
    // storage can be unavailable (private mode); the session still works
  }
}

export function clearSavedWallet() {
  try {
    localStorage.removeItem(WALLET_NAME_KEY);
    localStorage.removeItem(WALLET_ADDRESS_KEY);
  } catch {
    // nothing to clear
  }
}
