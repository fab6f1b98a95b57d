import { Buffer } from 'buffer';

// borsh inside @solana/web3.js expects a global Buffer (STACK-NOTES "Web").
globalThis.Buffer ??= Buffer;
