import type { PageCheck } from './compare-page-starts.js';
import type { ImageSize } from './score-similarity.js';

/** What one engine made of one document. */
export interface EngineOutcome {
  /** Wall-clock time of the conversion to PDF in milliseconds (also when it failed). */
  ms: number;
  /** Pages of the PDF; undefined when the conversion failed. */
  pages?: number;
  /** The first words of each page (see `readPageStarts`); undefined when the conversion failed. */
  pageStarts?: string[];
  /** The page-1 rendering, as a path relative to the report page; undefined when there is none. */
  image?: string;
  /** Size of the page-1 rendering in pixels. */
  size?: ImageSize;
  /** Why the conversion, counting or rendering failed. */
  error?: string;
}

/** One document of the report: both engines' outcomes and, when both rendered, their similarity. */
export interface FidelityRow {
  /** The document's file name. */
  name: string;
  builtin: EngineOutcome;
  libreoffice: EngineOutcome;
  /** SSIM of the built-in rendering against LibreOffice's (1 = identical); undefined when either side failed. */
  score?: number;
  /** False when the two page-1 renderings differ in size (the built-in one was scaled for the score). */
  sameSize?: boolean;
  /** How the built-in PDF's pages line up with LibreOffice's; undefined when either side failed. */
  pages?: PageCheck;
}
