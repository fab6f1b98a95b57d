import { z } from 'zod';
import { Buffer } from 'buffer';

// borsh inside @solana/web3.js expects a global Buffer (STACK-NOTES "Web").
globalThis.Buffer ??= Buffer;

// The contracts' zod schemas must not compile parsers with `new Function`: the page's CSP allows
// no eval, and zod's probe for it alone is reported as a violation.
z.config({ jitless: true });
