import { readFileSync } from 'node:fs';
import { strFromU8, strToU8, unzipSync, zipSync, type Zippable } from 'fflate';

/**
 * Returns a real DOCX from `test/fixtures/docx` whose body holds its content twice: the paragraphs
 * and tables of `word/document.xml` repeated before the body's own section properties, so a
 * document of N pages becomes one of about 2N with the same styles, fonts and page size.
 */
export function doubledDocx(fixture: string): Uint8Array {
  const base = readFileSync(new URL(`../../test/fixtures/docx/${fixture}`, import.meta.url));
  const files: Zippable = unzipSync(new Uint8Array(base));
  const part = files['word/document.xml'];
  if (!(part instanceof Uint8Array)) throw new Error(`${fixture} has no word/document.xml`);
  const xml = strFromU8(part);
  const bodyStart = xml.indexOf('<w:body>') + '<w:body>'.length;
  // The body's last child is its w:sectPr (ECMA-376 §17.6.17); what comes before is the content.
  const sectionStart = xml.lastIndexOf('<w:sectPr');
  if (bodyStart < '<w:body>'.length || sectionStart < bodyStart) throw new Error(`${fixture} has no body ending in w:sectPr`);
  const content = xml.slice(bodyStart, sectionStart);
  files['word/document.xml'] = strToU8(xml.slice(0, sectionStart) + content + xml.slice(sectionStart));
  return zipSync(files, { level: 6 });
}
