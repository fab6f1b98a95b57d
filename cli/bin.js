#!/usr/bin/env node
// The `marketplace` command. It loads tsx from this package (not from the caller's folder), so
// it runs from anywhere: `npm link`, a global install, or ./cli/bin.js inside a clone.
import { fileURLToPath } from 'node:url';
import { register } from 'tsx/esm/api';

register({ tsconfig: fileURLToPath(new URL('../tsconfig.json', import.meta.url)) });
await import('./main.ts');
