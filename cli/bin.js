#!/usr/bin/env node
// The `marketplace` command. It loads tsx from this package (not from the caller's folder), so
// it runs from anywhere: `npm link`, a global install, or ./cli/bin.js inside a clone.
import { register } from 'tsx/esm/api';

register();
await import('./main.ts');
