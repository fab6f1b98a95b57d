/**
 * What share of sends the mainnet profile drops with its default knobs (rate limit off, so the
 * count is about drops alone):
 *
 *   node --import tsx bench/local-chain-drops.ts [--sends 2000]
 */
import { parseArgs } from 'node:util';
import { Keypair, SystemProgram, Transaction } from '@solana/web3.js';
import { startLocalChain } from '../src/local-chain/local-chain';
import { chainProfile } from '../src/local-chain/profile';

const { values } = parseArgs({ options: { sends: { type: 'string', default: '2000' } } });
const sends = Number(values.sends);
const profile = {
  ...chainProfile('mainnet', {}),
  rateLimit: { requests: 0, perMethod: 0, windowMs: 10_000 },
};
const chain = await startLocalChain({ port: 0, profile });
const call = async (method: string, params: unknown[]) => {
  const response = await fetch(chain.rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await response.json()) as { result: any }).result; // eslint-disable-line @typescript-eslint/no-explicit-any
};
const payer = Keypair.generate();
await chain.airdrop(payer.publicKey.toBase58(), 10n ** 12n);
const { blockhash } = (await call('getLatestBlockhash', [{ commitment: 'processed' }])).value;
const signatures: string[] = [];
for (let i = 0; i < sends; i += 1) {
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash });
  tx.add(
    SystemProgram.transfer({
      fromPubkey: payer.publicKey,
      toPubkey: payer.publicKey,
      lamports: i + 1,
    }),
  );
  tx.sign(payer);
  const wire = tx.serialize().toString('base64');
  signatures.push(await call('sendTransaction', [wire, { encoding: 'base64' }]));
}
let landed = 0;
for (let i = 0; i < sends; i += 256) {
  const statuses = await call('getSignatureStatuses', [signatures.slice(i, i + 256)]);
  landed += (statuses.value as unknown[]).filter((s) => s !== null).length;
}
const dropped = sends - landed;
console.log(`${sends} sends, ${dropped} dropped (${((100 * dropped) / sends).toFixed(1)} %)`);
await chain.stop();
process.exit(0);
