import type { XmlElement } from '@rgrove/parse-xml';
import type { Mark } from 'prosemirror-model';
import type { Twips } from '../../model/units.js';
import { addPicture } from './add-picture.js';
import type { StoryState } from './docx-context.js';
import { parseCssLengthAsTwips } from './ooxml-values.js';
import type { TextBoxReader } from './read-drawing.js';

// Elements of one VML object visited at most.
const MAX_VML_ELEMENTS = 10_000;

/**
 * Reads a VML object (`w:pict`, or the preview of an embedded object in `w:object`): every
 * `v:imagedata` becomes an image sized from its shape's `style` (width and height in CSS units),
 * and every `v:textbox` has its paragraphs read in place.
 */
export function readVml(state: StoryState, element: XmlElement, marks: readonly Mark[], readTextBox: TextBoxReader): void {
  const { names } = state.context;
  const stack: XmlElement[] = [element];
  for (let visited = 0; stack.length > 0 && visited < MAX_VML_ELEMENTS; visited++) {
    const current = stack.pop()!;
    const name = names.name(current);
    if (name === 'v:shapetype' || name === 'o:OLEObject') continue;
    if (name === 'v:imagedata') {
      const shape = current.parent as XmlElement;
      const size = readShapeSize(names.attr(shape, 'style'));
      const title = names.attr(current, 'o:title')?.trim();
      const alt = names.attr(shape, 'alt')?.trim();
      const embedded = names.attr(current, 'r:id') ?? names.attr(current, 'o:relid');
      addPicture(
        state,
        {
          relationshipId: embedded ?? names.attr(current, 'r:href'),
          linked: embedded === undefined,
          width: size.width,
          height: size.height,
          alt: alt ? alt : null,
          title: title ? title : null,
        },
        marks,
      );
      continue;
    }
    if (name === 'w:txbxContent') {
      readTextBox(state, current);
      continue;
    }
    const children = names.children(current);
    for (let index = children.length - 1; index >= 0; index--) stack.push(children[index]!);
  }
}

function readShapeSize(style: string | undefined): { width: Twips | undefined; height: Twips | undefined } {
  const declarations = new Map<string, string>();
  for (const declaration of (style ?? '').split(';')) {
    const colon = declaration.indexOf(':');
    if (colon !== -1) declarations.set(declaration.slice(0, colon).trim().toLowerCase(), declaration.slice(colon + 1).trim());
  }
  return { width: parseCssLengthAsTwips(declarations.get('width')), height: parseCssLengthAsTwips(declarations.get('height')) };
}
