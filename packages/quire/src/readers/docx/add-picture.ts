import type { Mark } from 'prosemirror-model';
import type { ImageFloat } from '../../model/image-float.js';
import { schema } from '../../model/schema.js';
import type { Twips } from '../../model/units.js';
import { partNameKey } from '../../package/part-names.js';
import type { StoryState } from './docx-context.js';
import { toDataUri } from '../../model/data-uri.js';
import { isEmbeddable, PLACEHOLDER_IMAGE_SRC, sniffImageType } from './image-data.js';

/** A picture as a drawing or VML shape describes it. */
export interface PictureReference {
  /** The relationship id of the image (`r:embed`, `r:link`, `r:id`), if any. */
  readonly relationshipId: string | undefined;
  /** True when the picture is linked (`r:link`) rather than embedded. */
  readonly linked: boolean;
  readonly width: Twips | undefined;
  readonly height: Twips | undefined;
  readonly alt: string | null;
  readonly title: string | null;
  /** The wrapping and position of an anchored picture; null (or absent) for an inline one. */
  readonly float?: ImageFloat | null;
}

/**
 * Adds the image of a picture: PNG, JPEG, GIF and BMP parts become `data:` images; other formats
 * (EMF, WMF, TIFF, SVG), pictures whose part is missing and linked pictures become a placeholder
 * of the picture's size, with a warning. Linked and external images are never fetched.
 */
export function addPicture(state: StoryState, picture: PictureReference, marks: readonly Mark[]): void {
  const { context, story } = state;
  const relationship = picture.relationshipId === undefined ? undefined : story.relationships.get(picture.relationshipId);
  let src: string | undefined;
  if (!relationship) {
    context.log.warn('READER_PART_UNREADABLE', `A picture in ${story.partName} names no image part; a placeholder was kept in its place.`);
  } else if (relationship.external || picture.linked || relationship.partName === undefined) {
    context.log.warn('READER_IMAGE_NOT_FETCHED', `The linked image ${JSON.stringify(shorten(relationship.target))} was not fetched; a placeholder was kept in its place.`);
  } else {
    src = context.images === 'reference' ? referencedPart(state, relationship.partName) : imageSource(state, relationship.partName);
  }
  addImage(state, { src: src ?? PLACEHOLDER_IMAGE_SRC, ...picture }, marks);
}

/** Adds a placeholder of the given size for a drawing the model cannot show (a chart, SmartArt). */
export function addPlaceholder(state: StoryState, picture: Omit<PictureReference, 'relationshipId' | 'linked'>, marks: readonly Mark[]): void {
  addImage(state, { src: PLACEHOLDER_IMAGE_SRC, ...picture }, marks);
}

function addImage(state: StoryState, image: Omit<PictureReference, 'relationshipId' | 'linked'> & { src: string }, marks: readonly Mark[]): void {
  if (!state.fields.visible) return;
  const attrs = { src: image.src, alt: image.alt, title: image.title, width: image.width ?? null, height: image.height ?? null, float: image.float ?? null };
  state.builder.addInline(schema.nodes['image']!.create(attrs, null, marks));
  state.added++;
}

// In `reference` mode a picture keeps its part's name, when the package has that part.
function referencedPart(state: StoryState, partName: string): string | undefined {
  if (state.context.hasPart(partName)) return partName;
  state.context.log.warn('READER_PART_UNREADABLE', `The image ${partName} could not be read; a placeholder was kept in its place.`);
  return undefined;
}

function imageSource(state: StoryState, partName: string): string | undefined {
  const { context } = state;
  const key = partNameKey(partName);
  const known = context.imageSources.get(key);
  if (known !== undefined) return known;
  const bytes = context.imageBytes.get(key);
  if (!bytes) {
    context.log.warn('READER_PART_UNREADABLE', `The image ${partName} could not be read; a placeholder was kept in its place.`);
    return undefined;
  }
  const type = sniffImageType(bytes);
  if (!isEmbeddable(type)) {
    const kind = type === undefined ? 'of an unknown format' : `in ${type.toUpperCase()} format`;
    context.log.warn('READER_IMAGE_UNSUPPORTED', `The image ${partName} is ${kind}, which cannot be shown; a placeholder of its size was kept.`);
    return undefined;
  }
  const src = toDataUri(type, bytes);
  context.imageSources.set(key, src);
  return src;
}

function shorten(text: string): string {
  return text.length > 120 ? `${text.slice(0, 117)}...` : text;
}
