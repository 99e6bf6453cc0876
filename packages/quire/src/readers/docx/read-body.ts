import type { XmlElement } from '@rgrove/parse-xml';
import type { Node } from 'prosemirror-model';
import type { HeaderFooterKind, HeaderFooterVariant } from '../../model/section-types.js';
import { schema } from '../../model/schema.js';
import { BlockFlow } from './block-flow.js';
import type { DocxContext, Story } from './docx-context.js';
import type { OoxmlNames } from './ooxml-names.js';
import { createFieldStack, readBlockElements } from './read-blocks.js';
import { readSectionProperties, type HeaderFooterReferences } from './read-section.js';
import { sourceIdOf, type SourceScope } from './source-elements.js';
import { createBuilder, createStoryState, finishBlocks, readStoryBlocks } from './read-story.js';

/** What the body reader needs besides the main story: header and footer parts and a setting. */
export interface BodyParts {
  /** Header and footer stories by the relationship id the main part names them with. */
  readonly headersAndFooters: ReadonlyMap<string, Story>;
  /** `w:evenAndOddHeaders` of the settings: even-page headers and footers are used. */
  readonly evenAndOddHeaders: boolean;
}

interface SectionGroup {
  readonly elements: XmlElement[];
  readonly sectPr: XmlElement | undefined;
}

const KINDS: readonly HeaderFooterKind[] = ['header', 'footer'];
const VARIANTS: readonly HeaderFooterVariant[] = ['default', 'first', 'even'];
// Wrappers searched for a section break inside them (content controls spanning a break).
const MAX_BREAK_SEARCH_DEPTH = 8;

/**
 * Returns the sections of the main story's body (ECMA-376 Part 1, 17.6): a paragraph carrying
 * `w:sectPr` ends a section, the body's own `w:sectPr` describes the last. Each section gets its
 * headers and footers, inherited from the previous section where it names none (17.10.5);
 * first-page ones only with `w:titlePg`, even-page ones only with `w:evenAndOddHeaders`.
 */
export function readBody(context: DocxContext, main: Story, parts: BodyParts): Node[] {
  const { names } = context;
  const body = names.child(main.root, 'w:body');
  const groups = body ? splitSections(body, names) : [{ elements: [], sectPr: undefined }];
  const fields = createFieldStack({ context });
  const partBlocks = new Map<string, Node[]>();
  let references: Record<HeaderFooterKind, HeaderFooterReferences> = { header: {}, footer: {} };
  const sources: SourceScope | undefined = context.recorder && { recorder: context.recorder, parent: null, current: null, frozen: false };
  return groups.map((group) => {
    const properties = readSectionProperties(group.sectPr, names);
    references = {
      header: { ...references.header, ...properties.references.header },
      footer: { ...references.footer, ...properties.references.footer },
    };
    const headersAndFooters: Node[] = [];
    for (const kind of KINDS) {
      for (const variant of VARIANTS) {
        if ((variant === 'first' && !properties.attrs.titlePage) || (variant === 'even' && !parts.evenAndOddHeaders)) continue;
        const id = references[kind][variant];
        const story = id === undefined ? undefined : parts.headersAndFooters.get(id);
        if (!story) continue;
        let blocks = partBlocks.get(story.partName);
        if (!blocks) {
          // Recorded in a map of the part's own, so that the patch writer can keep the paragraphs an edit leaves alone.
          const storySources: SourceScope | undefined = context.recorder && { recorder: context.recorder.forStory(story), parent: null, current: null, frozen: false };
          blocks = readStoryBlocks(context, story, story.root, storySources);
          partBlocks.set(story.partName, blocks);
        }
        headersAndFooters.push(schema.nodes['header_footer']!.create({ kind, variant }, blocks));
      }
    }
    const builder = createBuilder(context);
    const state = createStoryState(context, main, builder);
    state.fields = fields;
    state.sources = sources;
    const flow = new BlockFlow(builder);
    readBlockElements(state, group.elements, flow);
    flow.closeAll();
    const sourceId = group.sectPr ? sourceIdOf(sources, group.sectPr, 'sectPr') : null;
    return schema.nodes['section']!.create({ ...properties.attrs, sourceId }, [...headersAndFooters, ...finishBlocks(builder)]);
  });
}

function splitSections(body: XmlElement, names: OoxmlNames): SectionGroup[] {
  const groups: SectionGroup[] = [];
  let elements: XmlElement[] = [];
  let last: XmlElement | undefined;
  for (const child of names.children(body)) {
    if (names.name(child) === 'w:sectPr') {
      last = child;
      continue;
    }
    elements.push(child);
    const sectPr = findSectionBreak(child, names, 0);
    if (sectPr) {
      groups.push({ elements, sectPr });
      elements = [];
    }
  }
  // Content after the last break is the last section; a break closing the body leaves none.
  if (elements.length > 0 || groups.length === 0 || last) groups.push({ elements, sectPr: last });
  if (groups.length > 1 && groups[groups.length - 1]!.elements.length === 0) groups.pop();
  return groups;
}

// A section break is a paragraph's `w:pPr/w:sectPr`; a content control or custom XML element
// holding one ends its section after it.
function findSectionBreak(element: XmlElement, names: OoxmlNames, depth: number): XmlElement | undefined {
  const name = names.name(element);
  if (name === 'w:p') return names.child(names.child(element, 'w:pPr'), 'w:sectPr');
  if (depth >= MAX_BREAK_SEARCH_DEPTH) return undefined;
  const inner = name === 'w:sdt' ? names.child(element, 'w:sdtContent') : name === 'w:customXml' || name === 'w:ins' ? element : undefined;
  if (!inner) return undefined;
  let found: XmlElement | undefined;
  for (const child of names.children(inner)) found = findSectionBreak(child, names, depth + 1) ?? found;
  return found;
}
