import { keydownHandler } from 'prosemirror-keymap';
import { Plugin, type Command } from 'prosemirror-state';
import { goToReviewStop } from './review-navigation.js';

/**
 * The keys of Next and Previous change, documented in docs/review.md: Alt+Shift+. and Alt+Shift+,
 * (the keys of > and <). Word has none of its own; Alt+Shift like the accept, reject, header and
 * footer keys, which nothing in Chromium, Firefox or Safari takes (Alt+Shift+N, the obvious
 * letter, opens ChromeOS's notifications).
 */
export const NAVIGATION_SHORTCUTS = { next: 'Alt-Shift-.', previous: 'Alt-Shift-,' } as const;

const goTo = (direction: 'next' | 'previous'): Command => (state, dispatch) => {
  const found = goToReviewStop(state, direction);
  if (!found) return false;
  dispatch?.(found.tr);
  return true;
};

/**
 * Next and Previous change from the keyboard, in every mode: a DOM event handler rather than a
 * keymap, since ProseMirror runs keymaps only while the document is editable and reading a
 * document in view mode is where going from change to change matters most.
 */
export function reviewNavigationKeys(): Plugin {
  const handle = keydownHandler({ [NAVIGATION_SHORTCUTS.next]: goTo('next'), [NAVIGATION_SHORTCUTS.previous]: goTo('previous') });
  return new Plugin({
    props: {
      handleDOMEvents: {
        keydown: (view, event) => {
          if (!handle(view, event)) return false;
          event.preventDefault();
          return true;
        },
      },
    },
  });
}
