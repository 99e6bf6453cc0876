// The public API of `quire` (and of the global `Quire` in dist/quire.min.js).
// Everything not listed here is internal.
export { openDocument } from './open-document.js';
export type { OpenDocumentOptions, OpenedDocument } from './open-document.js';

export { identifyDocument } from './identity/index.js';
export { writeDocumentMetadataLazily as writeDocumentMetadata } from './identity/write-document-metadata-lazily.js';
export type { DocumentIdentity, IdentifyOptions, WriteDocumentMetadataOptions, DocumentMetadata } from './identity/index.js';

export { createTelemetry, COMMUNITY_LICENSE_KEY, DEFAULT_TELEMETRY_ENDPOINT } from './telemetry/index.js';
export { QuireOptionsError, isQuireOptionsError } from './quire-options-error.js';
export type { CreateTelemetryOptions, Telemetry, TelemetryConfig, TelemetryOptions, TelemetryReport, TelemetryEvent, BrowserInfo } from './telemetry/index.js';

export { DocumentError, isDocumentError } from './document-error.js';
export type { DocumentErrorCode } from './document-error.js';
export type { DocumentInput } from './input/read-document-input.js';

export { LIBRARY_VERSION as version } from './version.js';

// The editor (also importable alone as `quire/editor`). Bundlers drop it from pages that use only
// the functions above (the package has no side effects); its styles are `quire/style.css`.
export { Editor } from './editor/index.js';
export type {
  AddCommentOptions,
  Alignment,
  CommentsView,
  ChangeRange,
  EditorChangeEvent,
  EditorChanges,
  EditorChangesEvent,
  EditorCommands,
  EditorComments,
  EditorCommentsEvent,
  EditorDirtyEvent,
  EditorErrorEvent,
  EditorEventHandlers,
  EditorEventMap,
  EditorEventName,
  EditorExportEvent,
  EditorLayout,
  EditorMarkup,
  EditorListener,
  EditorMode,
  EditorOptions,
  EditorPageEvent,
  EditorReadyEvent,
  EditorUser,
  EditorZoom,
  EditorZoomEvent,
  ListKind,
  ListedComment,
  ParagraphStyleOption,
  SelectionState,
  TrackedChange,
  TrackedChangeKind,
  TrackedChangeTarget,
} from './editor/index.js';
