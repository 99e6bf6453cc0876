import type { XmlElement } from '@rgrove/parse-xml';
import type { ParagraphFormat, ParagraphFormatChange } from '../../model/review/format-change.js';
import type { StoryState } from './docx-context.js';
import { readParagraphAttrs } from './model-paragraph-attrs.js';
import { resolveParagraphLook } from './paragraph-look.js';
import { hasQuoteBar } from './quoted-paragraph.js';
import { readRunProperties, type RunProperties } from './run-properties.js';

// A change element longer than this is not kept as written (the model travels as JSON); its
// properties still are, and an edit writes it anew.
const MAX_SOURCE_LENGTH = 16 * 1024;

/** A run property change as read: who made it and when, and the run's direct properties before it. */
export interface RunFormatChangeRead {
  readonly id: string;
  readonly author: string;
  readonly date: string | null;
  readonly source: string | null;
  /** The direct run properties before the change (the `w:rPr` inside `w:rPrChange`). */
  readonly before: RunProperties;
}

/** The tracked change of a run's properties (`w:rPr/w:rPrChange`, ECMA-376 Part 1, 17.13.5.31), or null. */
export function readRunFormatChange(state: StoryState, rPr: XmlElement | undefined): RunFormatChangeRead | null {
  const { names } = state.context;
  const change = rPr && names.child(rPr, 'w:rPrChange');
  if (!change) return null;
  return { ...changeAttributes(state, change), before: readRunProperties(names.child(change, 'w:rPr'), names) };
}

/**
 * The tracked change of a paragraph's properties (`w:pPr/w:pPrChange`, ECMA-376 Part 1,
 * 17.13.5.29), or null: the properties it had before, resolved as the paragraph's own are (style,
 * role, numbering), as model attributes relative to the same baseline.
 */
export function readParagraphFormatChange(state: StoryState, pPr: XmlElement | undefined): ParagraphFormatChange | null {
  const { names } = state.context;
  const change = pPr && names.child(pPr, 'w:pPrChange');
  if (!change) return null;
  const oldPPr = names.child(change, 'w:pPr');
  const look = resolveParagraphLook(state, oldPPr);
  const heading = look.role.kind === 'heading' ? look.role.level : null;
  const numbering = heading === null ? look.numbering : undefined;
  const quoted = look.role.kind === 'quote' || hasQuoteBar(oldPPr, names);
  const attrs = readParagraphAttrs(look.resolved, look.baseline, look.keptStyleId, numbering !== undefined || quoted);
  const before: ParagraphFormat = {
    block: heading === null ? 'paragraph' : 'heading',
    level: heading,
    styleId: attrs.styleId,
    align: attrs.align,
    indent: attrs.indent,
    spacing: attrs.spacing,
    keepNext: attrs.keepNext,
    keepLines: attrs.keepLines,
    pageBreakBefore: attrs.pageBreakBefore,
    direction: attrs.direction ?? null,
    shading: attrs.shading ?? null,
    list: numbering ? { kind: numbering.definition.format === 'bullet' ? 'bullet' : 'numbered', level: numbering.level, numId: numbering.numId } : null,
  };
  return { ...changeAttributes(state, change), before };
}

function changeAttributes(state: StoryState, change: XmlElement): { id: string; author: string; date: string | null; source: string | null } {
  const { names } = state.context;
  const source = change.end - change.start <= MAX_SOURCE_LENGTH ? state.story.text.slice(change.start, change.end) : null;
  return { id: names.attr(change, 'w:id') ?? '', author: names.attr(change, 'w:author') ?? '', date: names.attr(change, 'w:date') ?? null, source };
}
