import type { Mark } from 'prosemirror-model';
import { readPageFieldCode, type PageFieldCode } from './page-field-code.js';

/** A child of a paragraph being read: its index in the list of the paragraph's children read so far. */
export interface ChildPlace {
  readonly children: readonly unknown[];
  readonly index: number;
}

/** A page field closed by `end`: what its code says, the code itself, its cached result and the formatting of that result. */
export interface ClosedPageField extends PageFieldCode {
  readonly code: string;
  readonly text: string;
  readonly marks: readonly Mark[];
}

interface OpenField {
  phase: 'code' | 'result';
  code: string;
  href: string | null;
  page: PageFieldCode | null;
  result: string;
  marks: readonly Mark[] | null;
  began: ChildPlace | null;
}

// Field instructions longer than this are not kept: only HYPERLINK's first arguments are needed.
const MAX_CODE_LENGTH = 4096;
// Fields nested deeper than this are treated as one: a hostile file could open fields forever.
const MAX_FIELDS = 64;

/**
 * Follows complex fields (`w:fldChar` begin, separate, end; ECMA-376 Part 1, 17.16.18) across
 * runs and paragraphs. What lies between `begin` and `separate` is the field code and is not
 * shown; what lies between `separate` and `end` is the result Word last computed, which is shown
 * as it is, except for page fields (PAGE, NUMPAGES, SECTIONPAGES, PAGEREF), whose result is
 * captured for a `field` node that writers compute from their pages. A HYPERLINK field links its result.
 */
export class FieldStack {
  private readonly fields: OpenField[] = [];
  private overflow = 0;
  private closedFrom: ChildPlace | null = null;
  /**
   * The paragraph child being read, which the reader of a paragraph's children sets: a page field
   * notes where it begins, so that one spread over several runs can be mapped as one child.
   */
  child: ChildPlace | null = null;

  /** `checkHref` returns the link to keep for a HYPERLINK field's target, or null to drop it (an unsafe scheme). */
  constructor(private readonly checkHref: (target: string) => string | null = (target) => target) {}

  /** Opens a field (`fldCharType="begin"`). */
  begin(): void {
    if (this.fields.length >= MAX_FIELDS) this.overflow++;
    else this.fields.push({ phase: 'code', code: '', href: null, page: null, result: '', marks: null, began: this.child });
  }

  /** Adds the text of a `w:instrText` to the code of the innermost field still in its code. */
  instruction(text: string): void {
    const field = this.fields[this.fields.length - 1];
    if (field?.phase === 'code' && field.code.length < MAX_CODE_LENGTH) field.code += text;
  }

  /**
   * Adds text shown in the result of a field nested in the code of another to that code: Word
   * computes inner fields first, so `{ HYPERLINK "{ REF address }" }` links to REF's result
   * (ECMA-376 Part 1, 17.16.1). Text written in a code itself is not part of any result.
   */
  nestedResult(text: string): void {
    const innermost = this.fields.length - 1;
    for (let index = innermost; index >= 0; index--) {
      const field = this.fields[index]!;
      if (field.phase !== 'code') continue;
      if (index < innermost && field.code.length < MAX_CODE_LENGTH) field.code += text;
      return;
    }
  }

  /** Ends the code of the innermost field (`fldCharType="separate"`): what follows is its result. */
  separate(): void {
    const field = this.fields[this.fields.length - 1];
    if (!field || this.overflow > 0 || field.phase === 'result') return;
    field.phase = 'result';
    const target = readHyperlinkField(field.code);
    field.href = target === undefined ? null : this.checkHref(target);
    field.page = readPageFieldCode(field.code) ?? null;
  }

  /**
   * Closes the innermost field (`fldCharType="end"`); returns it when it is a page field whose
   * result was shown, so that the caller adds a `field` node in its place.
   */
  end(): ClosedPageField | undefined {
    if (this.overflow > 0) {
      this.overflow--;
      return undefined;
    }
    const field = this.fields.pop();
    if (!field?.page || field.phase !== 'result' || !this.visible) return undefined;
    const closed = this.closedFrom;
    if (field.began && (closed?.children !== field.began.children || field.began.index < closed.index)) this.closedFrom = field.began;
    return { ...field.page, code: field.code.trim(), text: field.result, marks: field.marks ?? [] };
  }

  /**
   * Takes text shown in the result of a page field (which becomes part of the field node instead
   * of text); returns false for text elsewhere, which the caller adds as usual.
   */
  capture(text: string, marks: readonly Mark[]): boolean {
    const field = this.fields[this.fields.length - 1];
    if (!field?.page || field.phase !== 'result' || !this.visible) return false;
    if (field.result.length < MAX_CODE_LENGTH) field.result += text;
    field.marks ??= marks;
    return true;
  }

  /** Where the earliest page field closed since the last call began (see `child`), or null; forgets it. */
  takeClosedFieldStart(): ChildPlace | null {
    const place = this.closedFrom;
    this.closedFrom = null;
    return place;
  }

  /** Whether content here is shown: outside fields, or in the result of every open field. */
  get visible(): boolean {
    return this.fields.every((field) => field.phase === 'result');
  }

  /** The target of the innermost HYPERLINK field whose result this is, or null. */
  get href(): string | null {
    for (let index = this.fields.length - 1; index >= 0; index--) {
      const href = this.fields[index]!.href;
      if (href !== null) return href;
    }
    return null;
  }
}

/**
 * Returns the target of a HYPERLINK field code (ECMA-376 Part 1, 17.16.5.25): its first argument,
 * with `\l` adding a bookmark as the fragment (`#bookmark` alone when there is no address).
 * Undefined for other fields or a HYPERLINK without a target.
 */
export function readHyperlinkField(code: string): string | undefined {
  const tokens = [...code.matchAll(/"([^"]*)"|(\S+)/g)].map((match) => ({ quoted: match[1] !== undefined, text: match[1] ?? match[2]! }));
  if (tokens[0]?.quoted !== false || tokens[0].text.toUpperCase() !== 'HYPERLINK') return undefined;
  let address: string | undefined;
  let bookmark: string | undefined;
  for (let index = 1; index < tokens.length; index++) {
    const token = tokens[index]!;
    if (!token.quoted && token.text.startsWith('\\')) {
      const argument = tokens[index + 1];
      if (token.text.toLowerCase() === '\\l' && argument) bookmark = argument.text;
      // Switches that take an argument: \l bookmark, \o tooltip, \t target frame.
      if (/^\\[lot]$/i.test(token.text)) index++;
    } else {
      address ??= token.text;
    }
  }
  if (bookmark) return `${address ?? ''}#${bookmark}`;
  return address === undefined || address === '' ? undefined : address;
}
