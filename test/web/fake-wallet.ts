import {
  BaseMessageSignerWalletAdapter,
  WalletConnectionError,
  WalletNotConnectedError,
  WalletReadyState,
  WalletSignMessageError,
  type WalletName,
} from '@solana/wallet-adapter-base';
import type { Keypair, PublicKey, Transaction, VersionedTransaction } from '@solana/web3.js';
import { ed25519 } from '@noble/curves/ed25519';

export interface FakeWalletOptions {
  name?: string;
  /** The person declines to sign messages (sign-in). */
  declineSignMessage?: boolean;
  /** The person declines to approve transactions. */
  declineTransactions?: boolean;
  failConnect?: boolean;
  /** connect() succeeds but yields no public key. */
  noPublicKey?: boolean;
}

/**
 * A test double of a browser wallet: signs with a real Keypair (real ed25519), so the fake
 * server can verify every signature it receives.
 */
export class FakeWalletAdapter extends BaseMessageSignerWalletAdapter {
  readonly name: WalletName;
  readonly url = 'https://example.invalid/fake-wallet';
  readonly icon = 'data:image/svg+xml;base64,PHN2Zy8+';
  readonly readyState = WalletReadyState.Installed;
  readonly supportedTransactionVersions = null;
  connecting = false;
  private key: PublicKey | null = null;
  readonly signedMessages: Uint8Array[] = [];
  /** Every transaction the wallet was asked to sign, declined or not. */
  signRequests = 0;

  constructor(
    readonly keypair: Keypair,
    readonly options: FakeWalletOptions = {},
  ) {
    super();
    this.name = (options.name ?? 'Test Wallet') as WalletName;
  }

  get publicKey() {
    return this.key;
  }

  async connect() {
    if (this.options.failConnect) throw new WalletConnectionError('User rejected the request.');
    if (!this.options.noPublicKey) this.key = this.keypair.publicKey;
    if (this.key) this.emit('connect', this.key);
  }

  async disconnect() {
    this.key = null;
    this.emit('disconnect');
  }

  async signTransaction<T extends Transaction | VersionedTransaction>(tx: T): Promise<T> {
    if (!this.key) throw new WalletNotConnectedError();
    this.signRequests += 1;
    if (this.options.declineTransactions) throw new Error('User rejected the request.');
    if ('version' in tx) tx.sign([this.keypair]);
    else tx.partialSign(this.keypair);
    return tx;
  }

  async signMessage(message: Uint8Array): Promise<Uint8Array> {
    if (!this.key) throw new WalletNotConnectedError();
    if (this.options.declineSignMessage)
      throw new WalletSignMessageError('User rejected the request.');
    this.signedMessages.push(message);
    return ed25519.sign(message, this.keypair.secretKey.slice(0, 32));
  }
}
