import { Command, Option } from 'commander';
import { formatSol } from '@src/domain/money';
import { connect } from '../lib/chain-config';
import type { Ctx } from '../lib/context';
import { CliError, messageOf, UsageError } from '../lib/errors';
import { parseSol } from '../lib/numbers';
import { checkDefaultPorts, DEFAULT_LOCAL_RPC, jsonOption } from '../lib/options';
import { print, printJson } from '../lib/output';

async function parseAddress(text: string) {
  const { PublicKey } = await import('@solana/web3.js');
  try {
    return new PublicKey(text);
  } catch {
    throw new UsageError(`"${text}" is not a Solana address`);
  }
}

export function chainAirdropCommand(ctx: Ctx): Command {
  return checkDefaultPorts(new Command('airdrop'))
    .description('ask the chain faucet for SOL (local chain, devnet, testnet)')
    .argument('<address>', 'wallet address to fund')
    .argument('<sol>', 'amount in SOL, e.g. 2 or 0.5')
    .addOption(
      new Option('--rpc <url>', 'Solana RPC URL').env('SOLANA_RPC_URL').default(DEFAULT_LOCAL_RPC),
    )
    .addOption(jsonOption())
    .action(
      async (addressText: string, solText: string, flags: { rpc: string; json?: boolean }) => {
        const address = await parseAddress(addressText);
        const lamports = parseSol(solText);
        if (lamports > BigInt(Number.MAX_SAFE_INTEGER))
          throw new UsageError('That amount is too large');
        const connection = await connect(flags.rpc, ctx.logger);
        let signature: string;
        let balance: number;
        try {
          signature = await connection.requestAirdrop(address, Number(lamports));
          const latest = await connection.getLatestBlockhash();
          await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
          balance = await connection.getBalance(address, 'confirmed');
        } catch (error) {
          throw new CliError(`Airdrop failed at ${flags.rpc}: ${messageOf(error).split('\n')[0]}`);
        }
        const result = {
          address: address.toBase58(),
          lamports,
          signature,
          balance: BigInt(balance),
        };
        if (flags.json) return printJson(result);
        print(`Airdropped ${formatSol(lamports)} SOL to ${result.address}`);
        print(`Signature: ${signature}`);
        print(`Balance:   ${formatSol(result.balance)} SOL`);
      },
    );
}
