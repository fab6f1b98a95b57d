import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '@src/config';

describe('LOCAL_CHAIN_PROFILE and its knobs', () => {
  it('runs the embedded chain instantly unless told otherwise', () => {
    expect(loadConfig({}).localChainProfile).toMatchObject({ name: 'instant', dropRate: 0 });
  });

  it('takes the mainnet profile with a knob overridden', () => {
    expect(
      loadConfig({ LOCAL_CHAIN_PROFILE: 'mainnet', LOCAL_CHAIN_DROP_RATE: '0.3' })
        .localChainProfile,
    ).toMatchObject({ name: 'mainnet', dropRate: 0.3, blockhashSlots: 150, txLagSlots: 2 });
  });

  it('stops the start on a bad value, naming the variable', () => {
    expect(() => loadConfig({ LOCAL_CHAIN_PROFILE: 'testnet' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOCAL_CHAIN_PROFILE: 'testnet' })).toThrow(
      'Invalid configuration: Unknown local chain profile "testnet" (choose instant or mainnet)',
    );
    expect(() => loadConfig({ LOCAL_CHAIN_BLOCKHASH_SLOTS: 'soon' })).toThrow(
      'Invalid configuration: LOCAL_CHAIN_BLOCKHASH_SLOTS must be a whole number of at least 1, not "soon"',
    );
    expect(() => loadConfig({ LOCAL_CHAIN_RATE_LIMIT: '-5' })).toThrow(/LOCAL_CHAIN_RATE_LIMIT /);
  });
});
