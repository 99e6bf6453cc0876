export {};

// `npm run bench [name...]`: runs each benchmark suite in turn and prints its tables.
// Every table compares Quire with a baseline measured in the same run.
const suites: Record<string, () => Promise<{ run(): Promise<void> }>> = {
  identity: () => import('./identity.bench.js'),
  hashing: () => import('./hashing.bench.js'),
  size: () => import('./size.bench.js'),
  server: () => import('./server/index.js'),
  usage: () => import('./usage/index.js'),
  convert: () => import('./convert/index.js'),
  editor: () => import('./editor/index.js'),
};

const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !(name in suites));
if (unknown.length > 0) {
  console.error(`unknown suite(s): ${unknown.join(', ')}; choose from ${Object.keys(suites).join(', ')}`);
  process.exit(2);
}
// A suite that fails (a missed budget, a crash) does not stop the others; the run exits 1 after them.
const failed: string[] = [];
for (const [name, load] of Object.entries(suites)) {
  if (wanted.length > 0 && !wanted.includes(name)) continue;
  console.log(`\n## ${name}\n`);
  try {
    const suite = await load();
    await suite.run();
  } catch (error) {
    console.error(error);
    failed.push(name);
  }
}
if (failed.length > 0) {
  console.error(`\nFAILED suite(s): ${failed.join(', ')}`);
  // A failed suite may have left servers or browsers open: exit instead of waiting for them.
  process.exit(1);
}
