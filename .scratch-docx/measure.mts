import { readdirSync, readFileSync } from 'node:fs';
import { readDocx } from '../src/readers/docx/index.ts';
const dir = 'test/fixtures/docx/';
const files = readdirSync(dir).filter((n) => n.endsWith('.docx'));
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]!; };
// Warm up.
for (const n of files) await readDocx(new Uint8Array(readFileSync(dir + n)));
const perFile: Record<string, number> = {};
for (const n of files) {
  const bytes = new Uint8Array(readFileSync(dir + n));
  const times: number[] = [];
  for (let i = 0; i < 7; i++) { const t = performance.now(); await readDocx(bytes); times.push(performance.now() - t); }
  perFile[n] = median(times);
}
const all = Object.values(perFile);
console.log('fixtures', files.length, 'median of per-file medians', median(all).toFixed(2), 'ms; max', Math.max(...all).toFixed(1));
console.log('300 pages', perFile['superdoc-300-pages.docx']!.toFixed(1), 'ms;', '40 pages', perFile['superdoc-40-pages.docx']!.toFixed(1));
console.log(Object.entries(perFile).sort((a, b) => b[1] - a[1]).slice(0, 6).map(([n, t]) => `${n} ${t.toFixed(1)}`).join('\n'));
const m = process.memoryUsage(); console.log('rss MB', (m.rss / 1e6).toFixed(0));
