/** What a comment form is for: a new comment, a reply to a thread, or an edit of one's own comment. */
export type CommentFormKind = 'new' | 'reply' | 'edit';

const LABELS: Readonly<Record<CommentFormKind, { readonly field: string; readonly submit: string }>> = {
  new: { field: 'New comment', submit: 'Post' },
  reply: { field: 'Reply', submit: 'Reply' },
  edit: { field: 'Edit comment', submit: 'Save' },
};

/**
 * A form to write a comment's text: a labelled text box and its submit and Cancel buttons. The
 * column handles them (`data-action` `post` and `cancel`); Escape cancels and Ctrl+Enter posts,
 * as in Word's comment pane, Enter alone starting a new paragraph of the comment.
 */
export function createCommentForm(page: Document, kind: CommentFormKind, commentId: string, text = ''): HTMLFormElement {
  const form = page.createElement('form');
  form.className = 'quire-comment-form';
  form.dataset['form'] = kind;
  form.dataset['commentId'] = commentId;
  const field = page.createElement('textarea');
  field.className = 'quire-comment-field';
  field.rows = 2;
  field.value = text;
  field.setAttribute('aria-label', LABELS[kind].field);
  field.placeholder = kind === 'reply' ? 'Reply…' : '';
  const buttons = page.createElement('div');
  buttons.className = 'quire-comment-actions';
  buttons.append(commentButton(page, 'post', LABELS[kind].submit, commentId), commentButton(page, 'cancel', 'Cancel', commentId));
  form.append(field, buttons);
  return form;
}

/** A button of a card or form that the column acts on by its `data-action` and `data-comment-id`. */
export function commentButton(page: Document, action: string, label: string, commentId: string, name?: string): HTMLButtonElement {
  const button = page.createElement('button');
  button.type = action === 'post' ? 'submit' : 'button';
  button.className = 'quire-comment-button';
  button.dataset['action'] = action;
  button.dataset['commentId'] = commentId;
  button.textContent = label;
  if (name) button.setAttribute('aria-label', name);
  return button;
}
