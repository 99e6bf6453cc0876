import type { Node } from 'prosemirror-model';
import { describe, expect, it } from 'vitest';
import { readDocx } from '../../../src/readers/docx/read-docx.js';
import { buildTestDocx } from '../../../../../test/support/docx-package.js';

const r = (text: string) => `<m:r><m:t>${text}</m:t></m:r>`;
const e = (content: string) => `<m:e>${content}</m:e>`;

// The text of every equation the reader kept, in order.
async function equationTexts(body: string): Promise<string[]> {
  const texts: string[] = [];
  (await readDocx(buildTestDocx({ body }))).value.descendants((node: Node) => {
    if (node.type.name.startsWith('opaque_')) texts.push(String(node.attrs['text']));
  });
  return texts;
}

describe('readDocx equations', () => {
  it('shows an equation as linear text: fractions as a/b, scripts, roots, n-ary operators and delimiters', async () => {
    const quadratic =
      `<m:f><m:num>${r('-b±')}<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/>${e(`<m:sSup>${e(r('b'))}<m:sup>${r('2')}</m:sup></m:sSup>${r('-4ac')}`)}</m:rad></m:num><m:den>${r('2a')}</m:den></m:f>`;
    const sum = `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r('k=1')}</m:sub><m:sup>${r('n')}</m:sup>${e(`<m:sSub>${e(r('a'))}<m:sub>${r('k')}</m:sub></m:sSub>`)}</m:nary>`;
    const bracket = `<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr>${e(r('x'))}${e(r('y'))}</m:d>`;
    const body = `<w:p><m:oMath>${r('x=')}${quadratic}</m:oMath></w:p><w:p><m:oMathPara><m:oMath>${sum}${r('=')}${bracket}</m:oMath></m:oMathPara></w:p>`;
    expect(await equationTexts(body)).toEqual(['x=(-b±√(b^2-4ac))/2a', '∑_(k=1)^n a_k=[x|y]']);
  });

  it('shows the rows of an equation array apart, without their alignment marks', async () => {
    const body = `<w:p><m:oMath><m:eqArr>${e(r('x&amp;=1'))}${e(r('y&amp;=2'))}</m:eqArr></m:oMath></w:p>`;
    expect(await equationTexts(body)).toEqual(['x=1; y=2']);
  });
});
