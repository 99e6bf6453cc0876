declare module 'linebreak' {
  /** A break opportunity found by the Unicode line breaking algorithm (UAX #14). */
  interface Break {
    readonly position: number;
    readonly required: boolean;
  }
  /** Iterates the break opportunities of a string. */
  export default class LineBreaker {
    constructor(text: string);
    nextBreak(): Break | null;
  }
}
