import type { Node } from 'prosemirror-model';

/** A run as read that held one atom (a picture, a chart's placeholder, a note reference, a field). */
export interface AtomRun {
  readonly node: Node;
  readonly xml: string;
}

/**
 * The runs of the atoms an edit touched, so that an atom written again is written as it was read
 * (a chart stays a chart, a picture keeps its cropping and effects) instead of anew from the
 * model. Each run is used once: first for the very node read, else for an atom of the same type
 * and attributes (one whose marks changed), in reading order.
 */
export class KeptAtomRuns {
  private readonly unused: AtomRun[];

  constructor(runs: readonly AtomRun[]) {
    this.unused = [...runs];
  }

  /** The XML to write for `node`, or undefined when no run read holds it. */
  take(node: Node): string | undefined {
    if (node.isText || this.unused.length === 0) return undefined;
    let index = this.unused.findIndex((run) => run.node === node);
    if (index === -1) index = this.unused.findIndex((run) => run.node.type === node.type && sameAttrs(run.node, node));
    if (index === -1) return undefined;
    return this.unused.splice(index, 1)[0]!.xml;
  }
}

function sameAttrs(a: Node, b: Node): boolean {
  return JSON.stringify(a.attrs) === JSON.stringify(b.attrs);
}
