import { Command, Option } from 'commander';
import type { Ctx } from '../lib/context';
import { parseCount } from '../lib/numbers';
import { apiOption, jsonOption } from '../lib/options';
import { note, print, printJson } from '../lib/output';

interface SeedFlags {
  api: string;
  dataDir: string;
  sellers: string;
  buyers: string;
  products: string;
  orders: string;
  concurrency: string;
  images?: boolean;
  json?: boolean;
}

/** A bar on a terminal; elsewhere a log line every 10 % (CI logs stay short). */
async function progressReporter() {
  if (process.stderr.isTTY) {
    const { SingleBar, Presets } = await import('cli-progress');
    const bar = new SingleBar(
      { format: 'seeding [{bar}] {value}/{total} {eta_formatted} left', stream: process.stderr },
      Presets.shades_classic,
    );
    let started = false;
    return {
      update(done: number, total: number) {
        if (!started) bar.start(total, done);
        started = true;
        bar.update(done);
      },
      stop: () => started && bar.stop(),
    };
  }
  let lastTenth = -1;
  return {
    update(done: number, total: number) {
      const tenth = total === 0 ? 10 : Math.floor((done / total) * 10);
      if (tenth === lastTenth) return;
      lastTenth = tenth;
      note(`seeding: ${done}/${total}`);
    },
    stop: () => undefined,
  };
}

export function seedCommand(ctx: Ctx): Command {
  return new Command('seed')
    .description(
      'fill a marketplace with a realistic catalogue and real escrow orders, through its API',
    )
    .addOption(apiOption())
    .addOption(
      new Option('--data-dir <dir>', 'where seed wallets and the escrow key live')
        .env('DATA_DIR')
        .default('./data'),
    )
    .addOption(new Option('--sellers <n>', 'seller wallets').default('5'))
    .addOption(new Option('--buyers <n>', 'buyer wallets').default('5'))
    .addOption(
      new Option(
        '--products <n>',
        'products the seed catalogue should hold: fills up to n, keeping what is there (not n more)',
      ).default('60'),
    )
    .addOption(
      new Option(
        '--orders <n>',
        'orders paid on chain its buyers should have: fills up to n, like --products',
      ).default('12'),
    )
    .addOption(new Option('--concurrency <n>', 'parallel requests').default('8'))
    .option('--images', 'give every fourth product generated images')
    .addOption(jsonOption())
    .action(async (flags: SeedFlags) => {
      const progress = await progressReporter();
      const { runSeed } = await import('../seed/run');
      const report = await runSeed({
        apiUrl: flags.api,
        dataDir: flags.dataDir,
        sellers: parseCount(flags.sellers, '--sellers', 1000),
        buyers: parseCount(flags.buyers, '--buyers', 1000),
        products: parseCount(flags.products, '--products'),
        orders: parseCount(flags.orders, '--orders', 100_000),
        concurrency: Math.max(1, parseCount(flags.concurrency, '--concurrency', 64)),
        imageEvery: flags.images === true ? 4 : 0,
        progress: (done, total) => progress.update(done, total),
        logger: ctx.logger,
      }).finally(() => progress.stop());
      if (flags.json) return printJson(report);
      const p = report.products;
      print(
        `Products: ${p.created} created, ${p.existing} already there (${p.perSecond} products/s)`,
      );
      const o = report.orders;
      const statuses = Object.entries(o.byStatus).map(([s, n]) => `${n} ${s}`);
      print(
        `Orders:   ${o.created} created${statuses.length ? ` (${statuses.join(', ')})` : ''}, ${o.existing} already there`,
      );
      if (o.releaseSkipped) note('No escrow keypair in the data folder: nothing was released');
      print(`Done in ${report.seconds} s`);
    });
}
