import { readdirSync, readFileSync } from 'node:fs';
import { readDocx } from '../src/readers/docx/index.ts';
import { extractText } from '../src/model/extract-text.ts';
import { unzipSync, strFromU8 } from 'fflate';
const dir = '/work/main/test/fixtures/docx/';
const only = process.argv[2];
function wordText(xml: string) {
  xml = xml.replace(/(<mc:AlternateContent\b[^>]*>\s*<mc:Choice\b[\s\S]*?<\/mc:Choice>)[\s\S]*?<\/mc:AlternateContent>/g, '$1').replace(/<mc:Fallback>[\s\S]*?<\/mc:Fallback>/g, '').replace(/<w:del\b[^>]*>[\s\S]*?<\/w:del>/g, '').replace(/<w:moveFrom\b[^>]*>[\s\S]*?<\/w:moveFrom>/g, '');
  let t = '';
  for (const m of xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)) t += m[1];
  return t.replace(/&lt;/g,'<').replace(/&gt;/g,'>').replace(/&quot;/g,'"').replace(/&apos;/g,"'").replace(/&amp;/g,'&');
}
const norm = (s: string) => s.replace(/\s+/g, '');
for (const name of readdirSync(dir).filter(n => n.endsWith('.docx')).filter(n => !only || n.includes(only))) {
  const bytes = new Uint8Array(readFileSync(dir + name));
  const t0 = performance.now();
  try {
    const r = await readDocx(bytes);
    const ms = performance.now() - t0;
    const text = extractText(r.value);
    const expected = wordText(strFromU8(unzipSync(bytes)['word/document.xml']!));
    const ok = norm(text).includes(norm(expected));
    console.log(`${ok ? 'OK  ' : 'MISS'} ${ms.toFixed(0).padStart(5)}ms ${name} warnings=${r.messages.length}`);
    if (!ok) { const a = norm(text), b = norm(expected); let i = 0; while (i < b.length && a.includes(b.slice(0, i+1))) i++; console.log('   expected..', b.slice(Math.max(0,i-40), i+60)); }
    if (only) { for (const m of r.messages) console.log('   ', m.code, m.message); }
  } catch (e) { console.log('FAIL', name, e); }
}
