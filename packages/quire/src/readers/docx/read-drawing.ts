import type { XmlElement } from '@rgrove/parse-xml';
import type { Mark } from 'prosemirror-model';
import type { Twips } from '../../model/units.js';
import type { ImageFloat } from '../../model/image-float.js';
import { addPicture, addPlaceholder } from './add-picture.js';
import { readAnchorFloat } from './read-anchor.js';
import type { StoryState } from './docx-context.js';
import { parseEmuAsTwips } from './ooxml-values.js';

/**
 * Reads the blocks of a text box's `w:txbxContent` in place (given by the block reader); `box`
 * places them as one anchored box, without it they stand in the flow.
 */
export type TextBoxReader = (state: StoryState, content: XmlElement, box?: TextBoxFrame) => void;

/** Where an anchored text box stands and how large it is (the attributes of a `text_box` node). */
export interface TextBoxFrame {
  readonly float: ImageFloat;
  readonly width: Twips | null;
  readonly height: Twips | null;
  /** The space between the box's edges and its text, in twips (`wps:bodyPr` insets). */
  readonly inset: { readonly top: Twips; readonly right: Twips; readonly bottom: Twips; readonly left: Twips };
}

const EMUS_PER_TWIP = 635;
// Word's insets when `wps:bodyPr` gives none: 0.1 inch left and right, 0.05 inch top and bottom.
const DEFAULT_INSET = { top: 72, right: 144, bottom: 72, left: 144 };

interface Frame {
  readonly width: Twips | undefined;
  readonly height: Twips | undefined;
  readonly alt: string | null;
  readonly title: string | null;
  readonly float: ImageFloat | null;
}

// Shapes of one drawing visited at most: groups can hold many, a hostile one endlessly many.
const MAX_DRAWING_ELEMENTS = 10_000;

/**
 * Reads a DrawingML object (`w:drawing`, inline or anchored; ECMA-376 Part 1, 20.4): pictures
 * (in groups and canvases too) become images sized from `wp:extent`, text boxes have their
 * paragraphs read in place, and charts, SmartArt and other graphics become placeholders of the
 * drawing's size, with a warning. Anchored drawings are read where they are anchored; an anchored
 * picture keeps its wrapping and offsets as the image's `float`.
 */
export function readDrawing(state: StoryState, drawing: XmlElement, marks: readonly Mark[], readTextBox: TextBoxReader): void {
  const { names } = state.context;
  for (const container of names.children(drawing)) {
    const name = names.name(container);
    if (name !== 'wp:inline' && name !== 'wp:anchor') continue;
    const extent = names.child(container, 'wp:extent');
    const docPr = names.child(container, 'wp:docPr');
    const frame: Frame = {
      width: parseEmuAsTwips(extent && names.attr(extent, 'cx')),
      height: parseEmuAsTwips(extent && names.attr(extent, 'cy')),
      alt: nonEmpty(docPr && names.attr(docPr, 'descr')),
      title: nonEmpty(docPr && names.attr(docPr, 'title')),
      float: name === 'wp:anchor' ? readAnchorFloat(container, names) : null,
    };
    const graphicData = names.child(names.child(container, 'a:graphic'), 'a:graphicData');
    if (graphicData) readGraphic(state, graphicData, frame, marks, readTextBox);
  }
}

function readGraphic(state: StoryState, graphicData: XmlElement, frame: Frame, marks: readonly Mark[], readTextBox: TextBoxReader): void {
  const { names, log } = state.context;
  let pictures = 0;
  let found = false;
  const stack: XmlElement[] = [graphicData];
  for (let visited = 0; stack.length > 0 && visited < MAX_DRAWING_ELEMENTS; visited++) {
    const element = stack.pop()!;
    const name = names.name(element);
    if (name === 'pic:pic') {
      found = true;
      pictures++;
      readPicture(state, element, pictures === 1 && element.parent === graphicData ? frame : undefined, frame, marks);
      continue;
    }
    if (name === 'w:txbxContent') {
      found = true;
      readTextBox(state, element, textBoxFrame(state, element, graphicData, frame));
      continue;
    }
    if (name === 'c:chart' || name === 'dgm:relIds') {
      found = true;
      log.warn('READER_ELEMENT_DROPPED', `A ${name === 'c:chart' ? 'chart' : 'SmartArt diagram'} cannot be shown; a placeholder of its size was kept.`);
      addPlaceholder(state, { ...frame, float: null }, marks);
      continue;
    }
    const children = names.children(element);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
  if (!found && names.attr(graphicData, 'uri')?.endsWith('/wordprocessingShape') !== true) {
    log.warn('READER_ELEMENT_DROPPED', `A drawing of type ${names.attr(graphicData, 'uri') ?? 'unknown'} cannot be shown; a placeholder of its size was kept.`);
    addPlaceholder(state, { ...frame, float: null }, marks);
  } else if (!found) {
    log.warn('READER_ELEMENT_DROPPED', 'Drawn shapes without text or pictures are not converted.');
  }
}

// A picture alone in the drawing takes the drawing's extent; one in a group its own `a:xfrm`.
function readPicture(state: StoryState, pic: XmlElement, own: Frame | undefined, drawing: Frame, marks: readonly Mark[]): void {
  const { names } = state.context;
  const blip = names.child(names.child(pic, 'pic:blipFill'), 'a:blip');
  const embed = blip && names.attr(blip, 'r:embed');
  const link = blip && names.attr(blip, 'r:link');
  const ext = names.child(names.child(names.child(pic, 'pic:spPr'), 'a:xfrm'), 'a:ext');
  const cNvPr = names.child(names.child(pic, 'pic:nvPicPr'), 'pic:cNvPr');
  addPicture(
    state,
    {
      relationshipId: embed ?? link,
      linked: embed === undefined && link !== undefined,
      width: own?.width ?? parseEmuAsTwips(ext && names.attr(ext, 'cx')),
      height: own?.height ?? parseEmuAsTwips(ext && names.attr(ext, 'cy')),
      alt: own?.alt ?? nonEmpty(cNvPr && names.attr(cNvPr, 'descr')) ?? drawing.alt,
      title: own?.title ?? nonEmpty(cNvPr && names.attr(cNvPr, 'title')),
      float: own?.float ?? null,
    },
    marks,
  );
}

// The frame of an anchored text box that is the drawing's one shape (`wps:wsp` > `wps:txbx` >
// `w:txbxContent`); a box in a group or canvas, or an inline one, stays in the flow.
function textBoxFrame(state: StoryState, content: XmlElement, graphicData: XmlElement, frame: Frame): TextBoxFrame | undefined {
  const { names } = state.context;
  const shape = content.parent?.parent;
  if (!frame.float || !shape || shape.parent !== graphicData || names.name(shape as XmlElement) !== 'wps:wsp') return undefined;
  const body = names.child(shape as XmlElement, 'wps:bodyPr');
  const inset = (attr: string, fallback: Twips): Twips => {
    const emus = Number(body && names.attr(body, attr));
    return body && names.attr(body, attr) !== undefined && Number.isFinite(emus) && emus >= 0 ? Math.round(emus / EMUS_PER_TWIP) : fallback;
  };
  return {
    float: frame.float,
    width: frame.width ?? null,
    height: frame.height ?? null,
    inset: { top: inset('tIns', DEFAULT_INSET.top), right: inset('rIns', DEFAULT_INSET.right), bottom: inset('bIns', DEFAULT_INSET.bottom), left: inset('lIns', DEFAULT_INSET.left) },
  };
}

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
