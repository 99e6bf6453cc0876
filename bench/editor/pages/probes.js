// The in-page half of `npm run bench editor`, loaded by quire.html and docx-preview.html after
// the library under test. The Node half calls `editorBench.*` through page.evaluate; timings use
// the page's own clock so no DevTools round trip is inside a measurement.
/* global getComputedStyle, Quire, docx, performance, requestAnimationFrame, MessageChannel, NodeFilter, Node, Blob, queueMicrotask, PerformanceObserver, Event */

const container = document.getElementById('container');
let editor = null;

/**
 * Resolves just after the next frame has been produced: rAF runs before that frame's style,
 * layout and paint; a message posted from it is delivered once the frame is done.
 */
function nextPaint() {
  return new Promise((done) => requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => done(performance.now());
    channel.port2.postMessage(null);
  }));
}

const squeeze = (text) => text.replace(/\s+/g, '');

/** Whether the first paragraph is laid out in the viewport and the whole text is in the DOM. */
function isOnScreen(expected) {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let firstVisible = false;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (!node.data.includes(expected.firstWords)) continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const box = range.getBoundingClientRect();
    firstVisible = box.width > 0 && box.height > 0 && box.top < window.innerHeight;
    break;
  }
  const text = squeeze(container.textContent);
  return firstVisible && text.includes(squeeze(expected.lastParagraph)) && text.length >= expected.letters * 0.99;
}

/** The main thread's long tasks (over 50 ms) since the page loaded, in the page's clock. */
const longTasks = [];
// The editor's pause after a change before it lays the pages out again (src/editor/pages/paged-view.ts).
const RELAYOUT_PAUSE_MS = 150;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longTasks.push({ start: entry.startTime, end: entry.startTime + entry.duration });
}).observe({ type: 'longtask', buffered: true });

let pageShown = null;
let pagesShown = null;
let openedAt = 0;
/** The messages of the editor's `error` events (pages that could not be laid out). */
const editorErrors = [];
let caretPage = 0;

/**
 * Opens the document at `url` with the engine of this page and resolves once it is on screen;
 * `layout` and `mode` are the Quire Editor's (`flow` or `pages`; `edit` or `suggest`). In `pages`,
 * also waits for the pages (see `pagesOnScreen`) unless `waitForPages` is false.
 */
async function open(url, expected, layout, waitForPages = true, mode = 'edit') {
  const blob = new Blob([await (await fetch(url)).arrayBuffer()]);
  await nextPaint();
  const start = performance.now();
  openedAt = start;
  if (typeof Quire !== 'undefined') {
    pagesShown = new Promise((shown) => { pageShown = shown; });
    if (layout === 'pages') watchFirstPage(start);
    editor = new Quire.Editor({
      element: container, document: blob, mode, toolbar: true, telemetry: { enabled: false }, layout,
      onPage: ({ page }) => { caretPage = page; pageShown?.(performance.now()); pageShown = null; },
      onError: ({ error }) => editorErrors.push(error.message),
    });
    await editor.ready;
  } else {
    await docx.renderAsync(blob, container);
  }
  // On screen means painted with every paragraph in the DOM; an engine that renders lazily is
  // given frames until it gets there, and those frames count.
  let end = await nextPaint();
  for (let frames = 0; !isOnScreen(expected); frames++) {
    if (frames > 600) throw new Error('the document never showed all of its text');
    end = await nextPaint();
  }
  const opened = { ms: end - start, elements: 0, pagesMs: Number.NaN, firstPageMs: Number.NaN, pageCount: 0, longestMs: 0 };
  if (layout === 'pages' && waitForPages) Object.assign(opened, await pagesOnScreen(), { firstPageMs: await firstPageShown });
  // docx-preview draws a section element per page it knows of (where the file says a page breaks).
  if (typeof Quire === 'undefined') opened.pageCount = container.querySelectorAll('section.docx').length;
  opened.elements = document.getElementsByTagName('*').length;
  return opened;
}

let firstPageShown = Promise.resolve(Number.NaN);

// From `start`, watches each frame for the first with pages on screen; `firstPageShown` resolves
// to its time since `start`.
function watchFirstPage(start) {
  firstPageShown = (async () => {
    for (let frame = 0; frame < 100000; frame++) {
      const painted = await nextPaint();
      if (container.querySelector('.quire-document[data-layout="pages"]')) return painted - start;
    }
    return Number.NaN;
  })();
}

/**
 * Resolves once the pages of the document last opened are on screen (the frame after the first
 * `page` event) with the time since `new Editor`, the page count and the longest long task since.
 */
async function pagesOnScreen() {
  await pagesShown;
  if (document.querySelector('.quire-document[data-layout="pages"]') === null) throw new Error('a page event came before the pages were drawn');
  return { pagesMs: (await nextPaint()) - openedAt, pageCount: editor.getPageCount(), longestMs: longestTaskSince(openedAt) };
}

/** The longest long task that started at or after `since`, in milliseconds (0: none). */
function longestTaskSince(since) {
  return Math.max(0, ...longTasks.filter((task) => task.start >= since).map((task) => task.end - task.start));
}

/**
 * Resolves once the main thread has run no long task for `quietMs` (long tasks are reported
 * after they end, so a frame painted after the quiet spell has seen any that ended before it).
 * Rejects after `maxMs`.
 */
async function settle(quietMs = 500, maxMs = 30_000) {
  const start = performance.now();
  for (;;) {
    const now = await nextPaint();
    const lastEnd = Math.max(start, ...longTasks.map((task) => task.end));
    if (now - lastEnd >= quietMs) return lastEnd - start;
    if (now - start > maxMs) throw new Error(`the main thread was still busy after ${maxMs} ms`);
    await new Promise((pause) => setTimeout(pause, 50));
  }
}

const samples = [];

/**
 * Records, for every key pressed from now on, the time from the keydown event (its platform time
 * stamp) to the end of the next frame (`painted`), and to the end of the script that handled it
 * (`handled`: a microtask queued by the input event runs after the editor's own listeners and
 * mutation observer). What lies between the two is mostly style, layout and paint.
 */
function armKeystrokes() {
  // docx-preview renders a view only: its DOM made contenteditable shows what the browser's own
  // editing costs on the same document.
  if (typeof Quire === 'undefined') container.contentEditable = 'true';
  window.addEventListener('keydown', (event) => {
    const pressed = event.timeStamp;
    let handled = Number.NaN;
    window.addEventListener('input', () => queueMicrotask(() => { handled = performance.now() - pressed; }), { capture: true, once: true });
    void nextPaint().then((painted) => samples.push({ painted: painted - pressed, handled, pressed }));
  }, { capture: true });
}

/** The text nodes of the document itself, without an editor's toolbar, the page turns drawn between its pages or docx-preview's style sheets. */
function documentTextNodes() {
  const root = container.querySelector('.quire-document') ?? container;
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => (node.data.trim() === '' || node.parentElement?.closest('.quire-page-turn, style') ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT),
  });
  const nodes = [];
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) nodes.push(node);
  return nodes;
}

/**
 * Puts the caret in the document and scrolls it into view: `end` at the end of the last
 * paragraph, `start` and `middle` at the end of the first and the middle text node, `page-end`
 * two characters before the end of the last line of the middle page (without pages: of the middle
 * text node). At `page-end` that line and one more are then filled (one unmeasured insertion) to
 * `PAGE_END_ROOM` letters short of their width, so that the keys typed next wrap the line, pushing
 * a line onto the next page. Returns the text around the caret and the page holding it (0 in the flow), which the
 * keystrokes are checked against.
 */
async function caretAt(where, lastParagraph) {
  const nodes = documentTextNodes();
  let node;
  let offset;
  if (where === 'end') {
    node = nodes.at(-1);
    if (node === undefined || !squeeze(lastParagraph).endsWith(squeeze(node.data).slice(-20))) throw new Error('the last text node is not the last paragraph');
    offset = node.data.length;
  } else if (where === 'page-end') {
    // A view without page turns (docx-preview, the flow) has the middle text node stand in.
    const turns = container.querySelectorAll('.quire-page-turn');
    const turn = turns[Math.floor(turns.length / 2)];
    node = turn === undefined ? nodes[Math.floor(nodes.length / 2)] : nodes.filter((each) => each.compareDocumentPosition(turn) & Node.DOCUMENT_POSITION_FOLLOWING).at(-1);
    offset = Math.max(0, node.data.trimEnd().length - 2);
  } else {
    node = where === 'start' ? nodes[0] : nodes[Math.floor(nodes.length / 2)];
    offset = node.data.length;
  }
  if (editor !== null) editor.focus();
  else container.focus();
  window.getSelection().collapse(node, offset);
  node.parentElement.scrollIntoView({ block: 'center' });
  if (where === 'page-end') fillLine(node, offset);
  // The editor reads the selection when the browser reports it, and then sends its page event.
  await nextPaint();
  await nextPaint();
  const selection = window.getSelection();
  const text = selection.anchorNode.data ?? '';
  const at = selection.anchorOffset;
  return { before: text.slice(Math.max(0, at - 20), at), after: text.slice(at, at + 20), page: caretPage, turnsBefore: turnsBeforeCaret() };
}

/** How many page turns come before the caret in the DOM: the page drawn around it, from 1 (0 in the flow). */
function turnsBeforeCaret() {
  const caret = window.getSelection().anchorNode;
  return [...container.querySelectorAll('.quire-page-turn')].filter((turn) => turn.compareDocumentPosition(caret) & Node.DOCUMENT_POSITION_FOLLOWING).length;
}

// Characters left free on the line at `page-end`: fewer than the keys typed there.
const PAGE_END_ROOM = 8;

/** Inserts at the caret (in `node` at `offset`) words enough to fill the caret's line and the next, less PAGE_END_ROOM letters. */
function fillLine(node, offset) {
  const block = node.parentElement.closest('p, li, td, div');
  const range = document.createRange();
  range.setStart(node, offset);
  range.setEnd(node, offset);
  const caret = range.getBoundingClientRect();
  const style = getComputedStyle(block);
  const right = block.getBoundingClientRect().right - parseFloat(style.paddingRight);
  // The width of one letter of the typed kind, in the text's own font.
  const probe = document.createElement('canvas').getContext('2d');
  probe.font = `${style.fontSize} ${style.fontFamily}`;
  const letter = probe.measureText('abcdefghijklmnopqrstuvwxyz').width / 26;
  // The rest of this line and one more: a page may have room for one line more than it holds
  // (a paragraph after it not split to leave one line alone).
  const left = block.getBoundingClientRect().left + parseFloat(style.paddingLeft);
  const fill = Math.max(0, Math.floor((right - caret.right + right - left) / letter) - PAGE_END_ROOM);
  if (fill > 0) document.execCommand('insertText', false, ' lorem'.repeat(Math.ceil(fill / 6)).slice(0, fill));
}

/** The page holding the caret as the last `page` event said (0 in the flow). */
function currentPage() {
  return caretPage;
}

/**
 * Resolves once the pages have been laid out again after the last key (the editor waits
 * `RELAYOUT_PAUSE_MS` after a change, then lays the whole document out) and the main thread is
 * quiet; returns the time from `since` (the last keydown) until the end of the last long task
 * after it (0: none), and the longest of those tasks.
 */
async function relaidOut(since) {
  while (performance.now() < since + RELAYOUT_PAUSE_MS + 50) await nextPaint();
  await settle();
  if (editorErrors.length > 0) throw new Error(`the editor reported: ${editorErrors.join('; ')}`);
  const after = longTasks.filter((task) => task.start >= since);
  return { busyUntilMs: Math.max(0, ...after.map((task) => task.end - since)), longestMs: longestTaskSince(since) };
}

/** Whether `time` fell inside a long task (the main thread was busy then). */
function duringLongTask(time) {
  return longTasks.some((task) => task.start <= time && time < task.end);
}

/** Whether `text` is in the document, white space aside: did the keystrokes land where intended? */
function contains(text) {
  return squeeze(container.textContent).includes(squeeze(text));
}

/**
 * Prints with the editor, the browser's print dialog stood in for: resolves with the time from
 * `print()` until the dialog would open (every page painted, its fonts and pictures ready), then
 * closes that dialog as a person would.
 */
async function printReady() {
  const dialog = window.print;
  let readyAt = Number.NaN;
  window.print = () => {
    readyAt = performance.now();
    setTimeout(() => window.dispatchEvent(new Event('afterprint')), 0);
  };
  const start = performance.now();
  try {
    await editor.print();
  } finally {
    window.print = dialog;
  }
  if (Number.isNaN(readyAt)) throw new Error('print() never opened the print dialog');
  return readyAt - start;
}

window.editorBench = { printReady, open, pagesOnScreen, settle, armKeystrokes, caretAt, currentPage, turnsBeforeCaret, relaidOut, duringLongTask, contains, samples: () => samples.slice() };
