// Child process of the convert bench, so that nothing but one engine lives in the measured process:
// `node peak-rss-child.mjs <builtin|libreoffice> <fixture path> <from> <to> <parallel> <rounds>`
// runs `rounds` batches of `parallel` conversions with the built package (dist/), then prints
// {"peakMb": n} — the peak RSS of this process (main thread and worker threads) plus that of every
// process it started (LibreOffice), read from the kernel's high-water marks before they exit.
import { readdirSync, readFileSync } from 'node:fs';
import { clearInterval, setInterval } from 'node:timers';

const [engineName, path, from, to, parallel, rounds] = process.argv.slice(2);
const { createBuiltinEngine, createLibreOfficeEngine } = await import(new URL('../../packages/convert/dist/esm/index.js', import.meta.url).href);

// Where /proc is missing the high-water mark is not available: sample this process instead.
let sampledPeak = process.memoryUsage().rss;
const sampler = setInterval(() => {
  sampledPeak = Math.max(sampledPeak, process.memoryUsage().rss);
}, 2);

// In MB (10^6 bytes) like the rest of the bench; /proc counts kB of 1024 bytes.
function highWaterMb(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? (Number(match[1]) * 1024) / 1e6 : 0;
  } catch {
    return 0;
  }
}

function descendantsOf(root) {
  const children = new Map();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      // The command name may hold spaces and parentheses; the parent pid is the second field after it.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(parent, [...(children.get(parent) ?? []), Number(entry)]);
    } catch {
      // The process ended while the table was read.
    }
  }
  const found = [];
  const pending = [root];
  while (pending.length > 0) {
    for (const child of children.get(pending.pop()) ?? []) {
      found.push(child);
      pending.push(child);
    }
  }
  return found;
}

const engine = engineName === 'builtin' ? createBuiltinEngine() : createLibreOfficeEngine();
const input = new Uint8Array(readFileSync(path));
try {
  for (let round = 0; round < Number(rounds); round++) {
    await Promise.all(Array.from({ length: Number(parallel) }, () => engine.convert(input, { from, to })));
  }
  clearInterval(sampler);
  const own = highWaterMb(process.pid);
  const peakMb = own > 0 ? own + descendantsOf(process.pid).reduce((sum, pid) => sum + highWaterMb(pid), 0) : sampledPeak / 1e6;
  process.stdout.write(`${JSON.stringify({ peakMb: Math.round(peakMb) })}\n`);
} finally {
  await engine.close();
}
