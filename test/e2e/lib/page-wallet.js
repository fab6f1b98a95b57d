// Runs inside the page (page.addInitScript), as plain JavaScript: tsx would wrap named
// functions in a `__name` helper the page does not have. The private key never enters the
// page: every signature is asked of the test process through window.__e2eWallet.
// The file is one function expression; browser.ts calls it with the wallet's public data.
// eslint-disable-next-line @typescript-eslint/no-unused-expressions
(function installFakeWallet(cfg) {
  const toB64 = (bytes) => {
    let text = '';
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  };
  const fromB64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
  const ask = (kind, bytes) => window.__e2eWallet(kind, bytes ? toB64(bytes) : '');
  const publicKeyBytes = Uint8Array.from(cfg.publicKey);
  const icon =
    'data:image/svg+xml;base64,' +
    btoa(
      '<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32"><rect width="32" height="32" rx="8" fill="#0f766e"/><text x="16" y="22" font-size="16" text-anchor="middle" fill="#fff">E</text></svg>',
    );

  if (cfg.kind === 'phantom') {
    const listeners = {};
    const emit = (event, value) => (listeners[event] || []).forEach((fn) => fn(value));
    const publicKey = {
      toBytes: () => Uint8Array.from(publicKeyBytes),
      toBase58: () => cfg.address,
      toString: () => cfg.address,
    };
    const serialize = (tx) =>
      'version' in tx
        ? tx.serialize()
        : tx.serialize({ requireAllSignatures: false, verifySignatures: false });
    const revive = (tx, bytes) =>
      'version' in tx ? tx.constructor.deserialize(bytes) : tx.constructor.from(bytes);
    const provider = {
      isPhantom: true,
      isConnected: false,
      publicKey: null,
      on: (event, fn) => (listeners[event] = [...(listeners[event] || []), fn]),
      off: (event, fn) => (listeners[event] = (listeners[event] || []).filter((f) => f !== fn)),
      connect: async (opts) => {
        await ask(opts && opts.onlyIfTrusted ? 'connect-silent' : 'connect');
        provider.publicKey = publicKey;
        provider.isConnected = true;
        emit('connect', publicKey);
        return { publicKey };
      },
      disconnect: async () => {
        await ask('disconnect');
        provider.publicKey = null;
        provider.isConnected = false;
        emit('disconnect');
      },
      signMessage: async (message) => ({
        signature: fromB64(await ask('signMessage', message)),
        publicKey,
      }),
      signTransaction: async (tx) =>
        revive(tx, fromB64(await ask('signTransaction', serialize(tx)))),
      signAllTransactions: async (txs) => {
        const signed = [];
        for (const tx of txs) signed.push(await provider.signTransaction(tx));
        return signed;
      },
      signAndSendTransaction: async (tx) => ({
        signature: await ask('signAndSendTransaction:base58', serialize(tx)),
        publicKey,
      }),
    };
    window.phantom = { solana: provider };
    window.isPhantomInstalled = true;
    return;
  }

  const chains = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet'];
  const account = {
    address: cfg.address,
    publicKey: publicKeyBytes,
    chains,
    features: cfg.features,
    label: cfg.name,
    icon,
  };
  const listeners = {};
  let accounts = [];
  const changed = () => (listeners.change || []).forEach((fn) => fn({ accounts }));
  const features = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input) => {
        await ask(input && input.silent ? 'connect-silent' : 'connect');
        accounts = [account];
        changed();
        return { accounts };
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async () => {
        await ask('disconnect');
        accounts = [];
        changed();
      },
    },
    'standard:events': {
      version: '1.0.0',
      on: (event, fn) => {
        listeners[event] = [...(listeners[event] || []), fn];
        return () => (listeners[event] = listeners[event].filter((f) => f !== fn));
      },
    },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: async (...inputs) => {
        const out = [];
        for (const input of inputs) {
          const signature = fromB64(await ask('signMessage', input.message));
          out.push({ signedMessage: input.message, signature });
        }
        return out;
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: async (...inputs) => {
        const out = [];
        for (const input of inputs) {
          out.push({ signedTransaction: fromB64(await ask('signTransaction', input.transaction)) });
        }
        return out;
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signAndSendTransaction: async (...inputs) => {
        const out = [];
        for (const input of inputs) {
          const signature = await ask('signAndSendTransaction', input.transaction);
          out.push({ signature: fromB64(signature) });
        }
        return out;
      },
    },
  };
  const wallet = {
    version: '1.0.0',
    name: cfg.name,
    icon,
    chains,
    get accounts() {
      return accounts;
    },
    features: Object.fromEntries(
      Object.entries(features).filter(
        ([name]) => name.startsWith('standard:') || cfg.features.includes(name),
      ),
    ),
  };
  const register = (api) => api.register(wallet);
  window.addEventListener('wallet-standard:app-ready', (event) => register(event.detail));
  window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }));
});
