// The editor entry (`quire/editor`, also re-exported from `quire`). Everything not listed here is internal.
export { Editor } from './editor.js';
export type { EditorLayout, EditorMarkup, EditorMode, EditorOptions } from './editor-options.js';
export type { EditorUser } from './review/suggest-user.js';
export type {
  EditorChangeEvent,
  EditorChangesEvent,
  EditorCommentsEvent,
  EditorDirtyEvent,
  EditorErrorEvent,
  EditorEventHandlers,
  EditorEventMap,
  EditorEventName,
  EditorExportEvent,
  EditorListener,
  EditorPageEvent,
  EditorReadyEvent,
  EditorZoomEvent,
} from './editor-events.js';
export type { EditorZoom } from './view/zoom.js';
export type { EditorCommands } from './commands/editor-commands.js';
export type { AddCommentOptions, CommentsView, EditorComments, ListedComment } from './review/cards/editor-comments.js';
export type { EditorChanges } from './review/editor-changes.js';
export type { ReviewStop } from './review/review-navigation.js';
export type { ChangeRange, TrackedChange, TrackedChangeKind, TrackedChangeTarget } from './review/tracked-change.js';
export type { ParagraphStyleOption } from './commands/paragraph-style-options.js';
export type { SelectionState } from './commands/selection-state.js';
export type { ListKind } from './commands/list-commands.js';
export type { Alignment } from '../model/paragraph-attrs.js';
