import { Command, Option } from 'commander';
import { formatSol } from '@src/domain/money';
import type { FetchFn } from '@src/adapters/solana/retry-fetch';
import { requestTimeoutSeconds } from '../lib/api-client';
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

/** Why the chain did not answer, when it did not: no answer in time, or no connection. */
type Silence = { kind: 'timeout' } | { kind: 'unreachable'; reason: string };

/**
 * fetch with the API commands' time limit on each call (MARKETPLACE_TIMEOUT, else 30 s); tells
 * `heard` why a call got no answer, which web3.js's own error would not say plainly.
 */
function limitedFetch(seconds: number, heard: (silence: Silence | undefined) => void): FetchFn {
  return async (input, init) => {
    try {
      const answer = await fetch(input, { ...init, signal: AbortSignal.timeout(seconds * 1000) });
      // The chain answered: a silence before (a poll web3.js retried) is no reason any more.
      heard(undefined);
      return answer;
    } catch (error) {
      if (error instanceof Error && error.name === 'TimeoutError') heard({ kind: 'timeout' });
      else {
        const cause = (error as { cause?: { code?: string; message?: string } }).cause;
        heard({ kind: 'unreachable', reason: cause?.code ?? cause?.message ?? messageOf(error) });
      }
      throw error;
    }
  };
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
        const seconds = requestTimeoutSeconds();
        let silence: Silence | undefined;
        const { createConnection } = await import('@src/adapters/solana/connection');
        const connection = createConnection(flags.rpc, {
          logger: ctx.logger,
          fetch: limitedFetch(seconds, (s) => (silence = s)),
        });
        let signature: string;
        let balance: number;
        try {
          signature = await connection.requestAirdrop(address, Number(lamports));
          const latest = await connection.getLatestBlockhash();
          await connection.confirmTransaction({ signature, ...latest }, 'confirmed');
          balance = await connection.getBalance(address, 'confirmed');
        } catch (error) {
          ctx.logger.debug({ err: error, rpc: flags.rpc }, 'airdrop failed');
          if (silence?.kind === 'timeout') {
            throw new CliError(`The chain at ${flags.rpc} did not answer within ${seconds} s`);
          }
          if (silence?.kind === 'unreachable') {
            throw new CliError(
              `Could not reach a chain at ${flags.rpc} (${silence.reason}); is it running?`,
            );
          }
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
