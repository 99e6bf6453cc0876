import { describe, expect, it } from 'vitest';
import { comparePageStarts } from '../../fidelity/compare-page-starts.js';

describe('comparePageStarts', () => {
  it('counts the reference pages whose page of the same number starts with the same words', () => {
    expect(comparePageStarts(['Scope of the', 'Payment is due', 'Annex A'], ['Scope of the', 'Payment terms are', 'Annex A'])).toEqual({ samePageCount: true, referencePages: 3, sameStarts: 2 });
  });

  it('matches nothing on the pages the built-in PDF lacks, and counts a different page count', () => {
    expect(comparePageStarts(['One', 'Two'], ['One', 'Two', 'Three'])).toEqual({ samePageCount: false, referencePages: 3, sameStarts: 2 });
  });

  it('counts only the reference pages when the built-in PDF has more', () => {
    expect(comparePageStarts(['One', 'Two', 'Three'], ['One', 'Two'])).toEqual({ samePageCount: false, referencePages: 2, sameStarts: 2 });
  });

  it('takes two empty pages for pages that start alike', () => {
    expect(comparePageStarts(['', 'Text'], ['', 'Text'])).toEqual({ samePageCount: true, referencePages: 2, sameStarts: 2 });
  });
});
