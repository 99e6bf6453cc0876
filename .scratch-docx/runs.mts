import { readFileSync, readdirSync } from 'node:fs';
import { strFromU8, unzipSync } from 'fflate';
import { wordTextRuns } from '../test/readers/docx/docx-text.ts';
for (const n of readdirSync('test/fixtures/docx')) {
  const xml = strFromU8(unzipSync(new Uint8Array(readFileSync('test/fixtures/docx/' + n)))['word/document.xml']!);
  const runs = wordTextRuns(xml); const raw = [...xml.matchAll(/<w:t[ >]/g)].length;
  console.log(n, runs.length, raw, runs.join('').length);
}
