import { readFileSync } from 'node:fs';
import { openPackage } from '../src/package/open-package.ts';
import { parseXmlPart } from '../src/xml/parse-xml-part.ts';
import { readDocx } from '../src/readers/docx/index.ts';
const bytes = new Uint8Array(readFileSync('test/fixtures/docx/' + (process.argv[2] ?? 'superdoc-300-pages.docx')));
for (let round = 0; round < 3; round++) {
  const pkg = openPackage(bytes);
  let t = performance.now();
  const data = await pkg.readPart('/word/document.xml');
  const inflate = performance.now() - t; t = performance.now();
  parseXmlPart(data, '/word/document.xml');
  const parse = performance.now() - t; t = performance.now();
  await readDocx(bytes);
  const total = performance.now() - t;
  console.log({ inflate: inflate.toFixed(1), parse: parse.toFixed(1), total: total.toFixed(1) });
}
