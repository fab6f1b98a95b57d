import { Command } from 'commander';
import type { Ctx } from '../lib/context';
import { CliError, messageOf } from '../lib/errors';
import { jsonOption } from '../lib/options';
import { print, printJson } from '../lib/output';

export function keygenCommand(_ctx: Ctx): Command {
  return new Command('keygen')
    .description('write a new keypair file (Solana CLI format, mode 0600); never overwrites')
    .argument('<file>', 'where to write the keypair')
    .addOption(jsonOption())
    .action(async (file: string, flags: { json?: boolean }) => {
      const { Keypair } = await import('@solana/web3.js');
      const { saveKeypair } = await import('@src/adapters/solana/keypair-file');
      const keypair = Keypair.generate();
      try {
        await saveKeypair(file, keypair);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
          throw new CliError(`${file} already exists; keygen never overwrites a keypair`);
        }
        throw new CliError(`Could not write ${file}: ${messageOf(error)}`);
      }
      const address = keypair.publicKey.toBase58();
      if (flags.json) return printJson({ address, file });
      print(address);
    });
}
