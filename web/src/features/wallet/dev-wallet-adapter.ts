import {
  BaseMessageSignerWalletAdapter,
  WalletNotConnectedError,
  WalletReadyState,
  type WalletName,
} from '@solana/wallet-adapter-base';
import {
  Keypair,
  type PublicKey,
  type Transaction,
  type VersionedTransaction,
} from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519';

const ICON =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="#334155"/><path d="M8 11h16v12H8z" fill="none" stroke="#fff" stroke-width="2"/><path d="M11 11V9h10v2" stroke="#fff" stroke-width="2" fill="none"/><circle cx="20" cy="17" r="1.6" fill="#5eead4"/></svg>',
  );

/**
 * A demo wallet for the embedded local chain: the key comes from GET /api/dev/wallets and
 * signs in the page. Worthless keys on a private chain; never offered anywhere else.
 */
export class DevWalletAdapter extends BaseMessageSignerWalletAdapter {
  readonly name: WalletName;
  readonly url = 'https://solana.com/developers';
  readonly icon = ICON;
  readonly readyState = WalletReadyState.Loadable;
  /** Told apart from a web wallet in the connect dialog (without importing this class). */
  readonly demo = true;
  readonly supportedTransactionVersions = new Set(['legacy', 0] as const);
  private keypair: Keypair | null = null;
  connecting = false;

  constructor(
    label: string,
    private readonly secretKey: Uint8Array,
  ) {
    super();
    this.name = label as WalletName;
  }

  get publicKey(): PublicKey | null {
    return this.keypair?.publicKey ?? null;
  }

  async connect(): Promise<void> {
    this.keypair = Keypair.fromSecretKey(this.secretKey);
    this.emit('connect', this.keypair.publicKey);
  }

  async disconnect(): Promise<void> {
    this.keypair = null;
    this.emit('disconnect');
  }

  async signTransaction<T extends Transaction | VersionedTransaction>(transaction: T): Promise<T> {
    const keypair = this.requireKeypair();
    if ('version' in transaction) transaction.sign([keypair]);
    else transaction.partialSign(keypair);
    return transaction;
  }

  async signMessage(message: Uint8Array): Promise<Uint8Array> {
    return ed25519.sign(message, this.requireKeypair().secretKey.slice(0, 32));
  }

  private requireKeypair(): Keypair {
    if (!this.keypair) throw new WalletNotConnectedError();
    return this.keypair;
  }
}
