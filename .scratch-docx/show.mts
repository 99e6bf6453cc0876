import { readFileSync } from 'node:fs';
import { readDocx } from '../src/readers/docx/index.ts';
const r = await readDocx(new Uint8Array(readFileSync('test/fixtures/docx/' + process.argv[2])));
console.log(JSON.stringify(r.value.toJSON(), (k, v) => (typeof v === 'string' && v.length > 200 ? v.slice(0, 60) + '…' : v), process.argv[3] ? 1 : undefined).slice(0, Number(process.argv[4] ?? 6000)));
for (const m of r.messages) console.log(m.code, m.message);
