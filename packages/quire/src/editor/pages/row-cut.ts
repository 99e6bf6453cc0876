// A table row taller than a page, cut between pages: the turn is drawn inside the cell the page
// starts in, since a ProseMirror row is one <tr> whose cells cannot be split. The row's other cells
// go on below spacers as tall as that turn, and lines drawn across the row at the turn close its
// cells at the foot of one page and open them at the head of the next, as the PDF draws them.

/**
 * Keeps a spacer reaching down to the bottom of the turn it stands beside: the turn of the same cut
 * drawn in another cell of its row. A row's turns and each cell's spacers stand in the order of the
 * cuts, so the spacer's place among its cell's spacers finds its turn among the row's turns. The
 * spacer is sized again whenever it or that turn changes size (the turn's foot and head measured)
 * and whenever the row's text changes (an edit, or a new layout that moves the cut within the
 * text, keeping the spacer's element), and lets go once it leaves the document.
 */
export function reachTurnBeside(spacer: HTMLElement): void {
  const window = spacer.ownerDocument.defaultView as (Window & { ResizeObserver?: typeof ResizeObserver; MutationObserver?: typeof MutationObserver }) | null;
  const Resizes = window?.ResizeObserver;
  const Mutations = window?.MutationObserver;
  if (!Resizes || !Mutations) return;
  let watched: readonly Element[] = [];
  let row: Element | null = null;
  const edits = new Mutations(() => reach());
  const resizes = new Resizes(() => reach());
  const reach = () => {
    if (!spacer.isConnected) {
      resizes.disconnect();
      edits.disconnect();
      return;
    }
    const turn = turnBeside(spacer);
    const watching = [spacer, turn].filter((element): element is Element => element !== null);
    for (const element of watched) if (!watching.includes(element)) resizes.unobserve(element);
    for (const element of watching) if (!watched.includes(element)) resizes.observe(element);
    watched = watching;
    const spacerRow = spacer.closest('tr');
    if (spacerRow !== row) {
      edits.disconnect();
      if (spacerRow) edits.observe(spacerRow, { subtree: true, childList: true, characterData: true });
      row = spacerRow;
    }
    if (!turn) return;
    const sheet = spacer.closest<HTMLElement>('.quire-sheet');
    const scale = sheet && sheet.offsetWidth > 0 ? sheet.getBoundingClientRect().width / sheet.offsetWidth || 1 : 1;
    const height = Math.max((turn.getBoundingClientRect().bottom - spacer.getBoundingClientRect().top) / scale, 0);
    // Within half a pixel it stands right: sizing it again would only call this again.
    if (Math.abs(height - spacer.offsetHeight) > 0.5) spacer.style.setProperty('height', `${Math.round(height * 100) / 100}px`);
  };
  resizes.observe(spacer);
}

function turnBeside(spacer: HTMLElement): Element | null {
  const cell = spacer.closest('td, th');
  const row = cell?.parentElement;
  if (!cell || !row) return null;
  const index = [...cell.querySelectorAll('.quire-page-turn-spacer')].indexOf(spacer);
  return [...row.querySelectorAll('.quire-page-turn:not(.quire-page-turn-spacer)')][index] ?? null;
}

/**
 * Draws the lines that close a cut row's cells above `turn` and open them below it, across the
 * whole row, in the row's inside horizontal border (none for a table without one). They stand on
 * the turn, placed from the row's edges again whenever the turn changes size.
 */
export function closeCutRow(turn: HTMLElement): void {
  const page = turn.ownerDocument;
  const lines = ['top', 'bottom'].map((side) => {
    const line = page.createElement('span');
    line.className = `quire-page-cut quire-page-cut-${side}`;
    return line;
  });
  turn.append(...lines);
  const Resizes = (page.defaultView as (Window & { ResizeObserver?: typeof ResizeObserver }) | null)?.ResizeObserver;
  if (!Resizes) return;
  const resizes = new Resizes(() => {
    const row = turn.closest('td, th')?.parentElement;
    if (!turn.isConnected || !row) {
      resizes.disconnect();
      return;
    }
    const sheet = turn.closest<HTMLElement>('.quire-sheet');
    const scale = sheet && sheet.offsetWidth > 0 ? sheet.getBoundingClientRect().width / sheet.offsetWidth || 1 : 1;
    const box = row.getBoundingClientRect();
    const left = (box.left - turn.getBoundingClientRect().left) / scale;
    turn.style.setProperty('--quire-cut-left', `${Math.round(left * 100) / 100}px`);
    turn.style.setProperty('--quire-cut-width', `${Math.round((box.width / scale) * 100) / 100}px`);
  });
  resizes.observe(turn);
}
