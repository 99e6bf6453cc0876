import type { XmlElement } from '@rgrove/parse-xml';
import type { Mark } from 'prosemirror-model';
import type { Twips } from '../../model/units.js';
import type { ImageFloat } from '../../model/image-float.js';
import { addPicture, addPlaceholder } from './add-picture.js';
import { readAnchorFloat } from './read-anchor.js';
import type { StoryState } from './docx-context.js';
import { parseEmuAsTwips } from './ooxml-values.js';

/** Reads the blocks of a text box's `w:txbxContent` in place (given by the block reader). */
export type TextBoxReader = (state: StoryState, content: XmlElement) => void;

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
      readTextBox(state, element);
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

function nonEmpty(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}
