import type { Node } from 'prosemirror-model';
import type { DocxSources } from '../../readers/docx/source-elements.js';

/** A DOCX as it was read: its bytes, the document the reader made of it and where its nodes came from. */
export interface DocxOriginal {
  readonly bytes: Uint8Array;
  readonly doc: Node;
  readonly sources: DocxSources;
}

/**
 * Writes `doc` (an edited version of `original.doc`) back into the package it was read from.
 * Work in progress: the body patcher lands next.
 */
export async function patchDocx(original: DocxOriginal, doc: Node): Promise<Uint8Array> {
  if (doc.eq(original.doc)) return original.bytes;
  throw new Error('patchDocx: not implemented yet');
}
