import { readFileSync } from 'node:fs';
import { readDocx } from '../src/readers/docx/index.ts';
const bytes = new Uint8Array(readFileSync('test/fixtures/docx/superdoc-300-pages.docx'));
for (let i = 0; i < 8; i++) await readDocx(bytes);
