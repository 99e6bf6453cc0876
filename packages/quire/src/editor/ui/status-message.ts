import { isDocumentError } from '../../document-error.js';

/**
 * Returns the message shown in place of a document that could not be opened (or, as `That file`,
 * above the document that stays on screen): a sentence for people, with the reason a
 * `DocumentError` gives; other errors (bugs) get a generic sentence and their details stay in
 * the `error` event.
 */
export function describeOpenError(error: unknown, subject: 'This document' | 'That file' = 'This document'): string {
  const reason = isDocumentError(error) ? ` ${error.message}` : '';
  return `${subject} could not be opened.${reason}`;
}

/**
 * Returns a status element: `role="status"` while loading; `role="alert"` for an error shown in
 * place of a document, or for a notice shown above a document that stays on screen, which has a
 * button that calls `dismiss`.
 */
export function createStatus(page: Document, text: string, kind: 'loading' | 'error' | 'notice', dismiss?: () => void): HTMLElement {
  const element = page.createElement('div');
  element.className = `quire-status quire-status-${kind}`;
  element.setAttribute('role', kind === 'loading' ? 'status' : 'alert');
  const message = page.createElement('span');
  message.textContent = text;
  element.append(message);
  if (dismiss) {
    const close = page.createElement('button');
    close.type = 'button';
    close.className = 'quire-status-dismiss';
    close.textContent = 'Dismiss';
    close.addEventListener('click', dismiss);
    element.append(close);
  }
  return element;
}
