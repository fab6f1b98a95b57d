import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries of eslint.config.js, each shown failing on a deliberate violation and
 * passing on the allowed import next to it. The files are linted as text at the paths given, so
 * nothing is written to the tree.
 */
let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function problems(filePath: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const probe = x;\n`, { filePath });
  return result.messages
    .filter((m) => m.ruleId === 'boundaries/dependencies' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

const cases: {
  rule: string;
  file: string;
  refused: string;
  allowed: string;
}[] = [
  {
    rule: 'the domain imports only the domain',
    file: 'src/domain/probe.ts',
    refused: "import { x } from '@src/app/orders/confirm-receipt';",
    allowed: "import { x } from './order';",
  },
  {
    rule: 'the domain, the contracts and the app import no framework',
    file: 'src/app/orders/probe.ts',
    refused: "import x from 'knex';",
    allowed: "import { x } from '@src/domain/order';",
  },
  {
    rule: 'app takes ports, never adapters',
    file: 'src/app/orders/probe.ts',
    refused: "import { x } from '@src/adapters/db/db-errors';",
    allowed: "import { x } from '@src/app/ports';",
  },
  {
    rule: 'the contracts import only the domain',
    file: 'src/contracts/probe.ts',
    refused: "import { x } from '@src/app/orders/confirm-receipt';",
    allowed: "import { x } from '@src/contracts/fields';",
  },
  {
    rule: 'adapters never import each other',
    file: 'src/adapters/http/probe.ts',
    refused: "import { x } from '@src/adapters/db/db-errors';",
    allowed: "import { x } from '@src/adapters/http/mount';",
  },
  {
    rule: 'src/ imports nothing from cli/',
    file: 'src/adapters/db/probe.ts',
    refused: "import { x } from '@cli/lib/api-client';",
    allowed: "import { x } from '@src/adapters/db/db-errors';",
  },
  {
    rule: 'the CLI reaches use cases over HTTP, never through src/app',
    file: 'cli/commands/probe.ts',
    refused: "import { x } from '@src/app/orders/confirm-receipt';",
    allowed: "import { x } from '@src/contracts/calls';",
  },
  {
    rule: 'the local chain imports nothing else of the product',
    file: 'src/local-chain/probe.ts',
    refused: "import { x } from '@src/domain/order';",
    allowed: "import { x } from '@src/local-chain/json';",
  },
  {
    rule: 'web/ imports only src/domain and src/contracts from src/',
    file: 'web/src/api/probe.ts',
    refused: "import { x } from '@src/adapters/db/db-errors';",
    allowed: "import { x } from '@src/contracts/calls';",
  },
  {
    rule: 'a web feature uses another only through its entry',
    file: 'web/src/features/admin/probe.ts',
    refused: "import { x } from '@web/features/wallet/wallet-atoms';",
    allowed: "import { x } from '@web/features/wallet';",
  },
  {
    rule: 'shared web layers never import a feature',
    file: 'web/src/api/probe.ts',
    refused: "import { x } from '@web/features/wallet';",
    allowed: "import { x } from '@web/api/client';",
  },
];

describe('import boundaries (eslint.config.js)', () => {
  it.each(cases)('$rule', async ({ file, refused, allowed }) => {
    expect(await problems(file, refused)).not.toEqual([]);
    expect(await problems(file, allowed)).toEqual([]);
  });
});
