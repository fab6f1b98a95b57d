import { Command, Option } from 'commander';
import { orderWire } from '@src/contracts/wire';
import { payoutsDue } from '@src/contracts/payouts';
import { formatSol } from '@src/domain/money';
import { z } from 'zod';
import { adminSession } from '../lib/admin-session';
import { wire } from '../lib/api-client';
import { connect, serverConfig } from '../lib/chain-config';
import { multisigSettle } from '../lib/multisig-settle';
import { confirm } from '../lib/confirm';
import type { Ctx } from '../lib/context';
import { CliError } from '../lib/errors';
import { adminOptions, jsonOption, type AdminFlags } from '../lib/options';
import { note, print, printJson } from '../lib/output';
import { dueTable, listDue, type DueRow } from '../lib/payouts-due';
import type { SettleResult } from '../lib/settle';

interface SettleFlags extends AdminFlags {
  yes?: boolean;
  rpc?: string;
}

export function adminSettleCommand(ctx: Ctx): Command {
  return adminOptions(new Command('settle'))
    .description(
      'pay every payout due (releases and refunds) from the escrow wallet and record them; safe to re-run (multisig mode: list what is due and who claims it)',
    )
    .option('-y, --yes', 'do not ask for confirmation (for cron)')
    .addOption(new Option('--rpc <url>', "Solana RPC URL (default: the server's)"))
    .addOption(jsonOption())
    .action(async (flags: SettleFlags) => {
      const session = await adminSession(flags, ctx.logger);
      const config = await serverConfig(session.api);
      if (config.escrowMode === 'multisig') return multisigSettle(session, flags);
      const { requireEscrowWallet } = await import('../lib/payout');
      requireEscrowWallet(session, config);
      const rows = await listDue(session);
      if (rows.length === 0) {
        if (flags.json) return printJson(report(rows, []));
        return print('Nothing is due.');
      }
      const total = rows.reduce((sum, r) => sum + r.lamports, 0n);
      note(`Payouts due: ${rows.length} (${formatSol(total)} SOL)`);
      note(dueTable(rows));
      await confirm(`Pay them from the escrow wallet ${session.wallet}?`, flags);

      const { settleAll } = await import('../lib/settle');
      const connection = await connect(flags.rpc ?? config.rpcUrl, ctx.logger);
      const results = await settleAll(
        session,
        { connection, keypair: session.keypair, logger: ctx.logger },
        rows,
      );
      if (flags.json) printJson(report(rows, results));
      else summarise(results);
      const failed = results.filter((r) => r.outcome === 'failed').length;
      if (failed > 0) {
        throw new CliError(
          `${failed} of ${results.length} payouts failed (see above); run admin settle again once the cause is fixed`,
          1,
          flags.json === true,
        );
      }
    });
}

const count = (results: readonly SettleResult[], outcome: SettleResult['outcome']) =>
  results.filter((r) => r.outcome === outcome).length;

/** `--json`: the due list as the API gives it, and what became of each payout. */
function report(rows: readonly DueRow[], results: readonly SettleResult[]) {
  return {
    due: wire(
      payoutsDue,
      rows.map(({ to: _to, lamports: _lamports, ...entry }) => entry),
    ),
    results: results.map((r) => ({
      ...r,
      order: r.order && z.encode(orderWire, r.order),
    })),
    paid: count(results, 'paid'),
    recovered: count(results, 'recovered'),
    skipped: count(results, 'skipped'),
    failed: count(results, 'failed'),
  };
}

function summarise(results: readonly SettleResult[]): void {
  const paid = results.filter((r) => r.outcome === 'paid');
  const sol = formatSol(paid.reduce((sum, r) => sum + r.lamports, 0n));
  print(
    `Paid ${paid.length} (${sol} SOL), recovered ${count(results, 'recovered')}, ` +
      `skipped ${count(results, 'skipped')}, failed ${count(results, 'failed')}`,
  );
  for (const r of results) {
    if (r.outcome === 'paid' || r.outcome === 'recovered') {
      print(`  Order #${r.orderId}: ${r.outcome} (${r.action}), signature ${r.signature}`);
    } else print(`  Order #${r.orderId}: ${r.outcome}: ${r.reason}`);
  }
}
