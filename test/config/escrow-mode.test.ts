import { describe, expect, it } from 'vitest';
import { loadConfig } from '@src/config';

describe('ESCROW_MODE', () => {
  it('keeps payments in the escrow wallet unless told otherwise', () => {
    expect(loadConfig({}).escrowMode).toBe('wallet');
    expect(loadConfig({ ESCROW_MODE: 'multisig' }).escrowMode).toBe('multisig');
  });

  it('stops the start on any other value, naming ESCROW_MODE', () => {
    expect(() => loadConfig({ ESCROW_MODE: 'multi' })).toThrow(
      /^Invalid configuration: ESCROW_MODE must be wallet \(one escrow wallet, the default\) or multisig/,
    );
  });
});
