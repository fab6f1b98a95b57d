/**
 * The top entries of V8 CPU profiles (the ones `BENCH_PROFILE=<folder> make bench` writes, one
 * per thread), by package or source folder and by function, self time:
 *
 *   node --import tsx bench/profile-top.ts <folder>/*.cpuprofile [--top 20]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples: number[];
  timeDeltas: number[];
}

const { values, positionals } = parseArgs({
  options: { top: { type: 'string', default: '20' } },
  allowPositionals: true,
});
const top = Number(values.top);
const ROOT = path.resolve(import.meta.dirname, '..');

/** node_modules/<package>, a source folder of this project, or what V8 calls it. */
function placeOf(url: string, fn: string): string {
  const pkg = url.match(/node_modules\/((@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1]!;
  if (url.includes(ROOT)) return url.split(`${ROOT}/`)[1]!.split('/').slice(0, 2).join('/');
  if (url.startsWith('wasm://')) return 'wasm (PGlite)';
  return url || fn;
}

const table = (rows: Map<string, number>, total: number) =>
  [...rows]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(
      ([k, ms]) =>
        `  ${((100 * ms) / total).toFixed(1).padStart(5)} %  ${ms.toFixed(0).padStart(7)} ms  ${k}`,
    )
    .join('\n');

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const selfMs = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfMs.set(id, (selfMs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000),
  );
  const byPlace = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const node of profile.nodes) {
    const ms = selfMs.get(node.id) ?? 0;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') idle += ms;
    const place = placeOf(url, functionName);
    byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
    const name = `${functionName || '(anonymous)'} ${place}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
  }
  console.log(
    `${path.basename(file)}: ${total.toFixed(0)} ms sampled, ${((100 * idle) / total).toFixed(1)} % idle`,
  );
  console.log(` by place\n${table(byPlace, total)}`);
  console.log(` by function\n${table(byFunction, total)}\n`);
}
