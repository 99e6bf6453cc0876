import { readFileSync } from 'node:fs';
import type { Node } from 'prosemirror-model';
import { readDocx } from '../src/readers/docx/index.ts';
const r = await readDocx(new Uint8Array(readFileSync('test/fixtures/docx/' + process.argv[2])));
function attrs(n: Node) { const a: Record<string, unknown> = {}; for (const [k, v] of Object.entries(n.attrs)) { if (v !== null && v !== false && !(k === 'src')) a[k] = v; } return Object.keys(a).length ? ' ' + JSON.stringify(a) : ''; }
function show(n: Node, depth: number) {
  if (n.isTextblock) {
    let s = '';
    n.forEach((c) => { if (c.isText) s += c.marks.length ? `[${c.marks.map(m => m.type.name + (m.type.name==='font'||m.type.name==='color'||m.type.name==='link'||m.type.name==='highlight'||m.type.name==='underline' ? JSON.stringify(m.attrs) : '')).join(',')}:${c.text}]` : c.text; else s += `<${c.type.name}${c.type.name==='image'?attrs(c):''}${c.type.name==='footnote_reference'?c.attrs.id:''}>`; });
    console.log('  '.repeat(depth) + n.type.name + attrs(n) + ': ' + s.slice(0, 200));
    return;
  }
  console.log('  '.repeat(depth) + n.type.name + attrs(n));
  n.forEach((c) => show(c, depth + 1));
}
show(r.value, 0);
for (const m of r.messages) console.log(m.code, m.message);
