// The in-page half of `npm run bench editor`, loaded by quire.html and docx-preview.html after
// the library under test. The Node half calls `editorBench.*` through page.evaluate; timings use
// the page's own clock so no DevTools round trip is inside a measurement.
/* global Quire, docx, performance, requestAnimationFrame, MessageChannel, NodeFilter, Blob, queueMicrotask */

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

async function open(url, expected) {
  const blob = new Blob([await (await fetch(url)).arrayBuffer()]);
  await nextPaint();
  const start = performance.now();
  if (typeof Quire !== 'undefined') {
    editor = new Quire.Editor({ element: container, document: blob, mode: 'edit', toolbar: true, telemetry: { enabled: false } });
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
  return { ms: end - start, elements: document.getElementsByTagName('*').length };
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
    void nextPaint().then((painted) => samples.push({ painted: painted - pressed, handled }));
  }, { capture: true });
}

/** Puts the caret at the end of the document's last paragraph and scrolls it into view. */
function caretAtEnd(lastParagraph) {
  const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
  let last = null;
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) if (node.data.trim() !== '') last = node;
  if (last === null || !squeeze(lastParagraph).endsWith(squeeze(last.data).slice(-20))) throw new Error('the last text node is not the last paragraph');
  if (editor !== null) editor.focus();
  else container.focus();
  const selection = window.getSelection();
  selection.collapse(last, last.data.length);
  last.parentElement.scrollIntoView({ block: 'center' });
}

/** Whether `text` is in the document, white space aside: did the keystrokes land where intended? */
function contains(text) {
  return squeeze(container.textContent).includes(squeeze(text));
}

window.editorBench = { open, armKeystrokes, caretAtEnd, contains, samples: () => samples.slice() };
