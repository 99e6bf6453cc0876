// The editor example: open a DOCX (or Markdown or HTML) file from disk, edit it with the toolbar,
// download it as DOCX. Query parameters, so the page can be tried against any server unchanged:
//   ?collector=URL      where usage reports go (default: a local `quire serve`)
//   ?licenseKey=KEY     your organisation's key (default: the community key)
//   ?telemetry=off      no usage report
//   ?fonts=off          no web fonts: missing Word fonts are shown in the browser's fallback fonts
//                       (and the document in one growing sheet per section: pages need the fonts)
//   ?layout=flow        one growing sheet per section instead of pages
//   ?zoom=1.5           the document at 150% (0.25 to 4), or ?zoom=fit-width
//   ?markup=all         how tracked changes show: simple (default), all, none or original
// With both off the page requests nothing but its own files (see README.md). Closing the page with
// edits that no download holds asks first.
/* global Quire, URLSearchParams, Option */

const params = new URLSearchParams(window.location.search);
const options = {
  licenseKey: params.get('licenseKey') ?? 'community-and-eval-agplv3',
  telemetry: params.get('telemetry') === 'off'
    ? { enabled: false }
    : { endpoint: params.get('collector') ?? 'http://localhost:8787/v1/collect', metadata: { example: 'editor' } },
  // true: the default, dist/fonts/ next to quire.min.js.
  fonts: params.get('fonts') !== 'off',
  layout: params.get('layout') === 'flow' ? 'flow' : 'pages',
  zoom: readZoomParam(params.get('zoom')),
  ...(params.has('markup') ? { markup: params.get('markup') } : {}),
};

function readZoomParam(value) {
  if (value === null) return 1;
  return value === 'fit-width' ? value : Number(value);
}

const fileInput = document.getElementById('file');
const downloadButton = document.getElementById('download');
const viewOnly = document.getElementById('view-only');
const zoomSelect = document.getElementById('zoom');
const fitWidthOption = zoomSelect.querySelector('option[value="fit-width"]');
const documentIdOutput = document.getElementById('documentId');
const status = document.getElementById('status');
const container = document.getElementById('editor');

let editor = null;
let fileName = 'document.docx';

// While the document has edits that no download holds, closing or reloading the page asks first
// (with the browser's own wording: pages cannot set it). The listener is there only while needed,
// as a page with a beforeunload listener may be kept out of the back/forward cache.
function askBeforeLeaving(event) {
  event.preventDefault();
  event.returnValue = true; // Browsers before preventDefault() was honoured here (Chromium < 119).
}

function watchUnsavedEdits({ dirty }) {
  if (dirty) window.addEventListener('beforeunload', askBeforeLeaving);
  else window.removeEventListener('beforeunload', askBeforeLeaving);
}

function say(text, isError = false) {
  status.textContent = text;
  status.classList.toggle('error', isError);
}

const isDocx = (file) => !/\.(md|markdown|html?)$/i.test(file.name);

async function openFile(file) {
  say(`Opening ${file.name}…`);
  downloadButton.disabled = true;
  documentIdOutput.textContent = '–';
  try {
    if (editor === null) {
      editor = new Quire.Editor({ element: container, document: file, mode: viewOnly.checked ? 'view' : 'edit', toolbar: true, onDirty: watchUnsavedEdits, onZoom: showZoom, ...options });
      // The page's editor, to try the API from the browser's console (editor.changes.list(), ...).
      window.editor = editor;
      showZoom({ zoom: editor.getZoom(), fitWidth: zoomSelect.value === 'fit-width' });
      await editor.ready;
    } else if (isDocx(file)) {
      await editor.open(file);
    } else {
      await editor.import(file);
    }
    fileName = file.name.replace(/\.[^.]*$/, '') + '.docx';
    documentIdOutput.textContent = editor.getDocumentId();
    downloadButton.disabled = false;
    say(`${file.name} is open.`);
    editor.focus();
  } catch (error) {
    // The editor shows its own short message; the code says why. A document that was open stays
    // open with its edits, and can still be downloaded.
    say(`${file.name} could not be opened (${error.code ?? error.name}).`, true);
    const kept = editor?.getDocumentId();
    if (kept !== undefined) {
      documentIdOutput.textContent = kept;
      downloadButton.disabled = false;
    }
  }
}

fileInput.addEventListener('change', () => {
  const file = fileInput.files[0];
  fileInput.value = '';
  if (file) void openFile(file);
});

downloadButton.addEventListener('click', () => {
  void editor.download(fileName).catch((error) => say(`Download failed: ${error.message}`, true));
});

// The zoom menu shows the scale fit-width has chosen, which follows the editor's width.
function showZoom({ zoom, fitWidth }) {
  fitWidthOption.textContent = fitWidth ? `Fit width (${Math.round(zoom * 100)}%)` : 'Fit width';
}

// A ?zoom= the menu does not list gets an entry of its own.
if (![...zoomSelect.options].some((option) => option.value === String(options.zoom))) {
  zoomSelect.add(new Option(`${Math.round(options.zoom * 100)}%`, String(options.zoom)));
}
zoomSelect.value = String(options.zoom);
zoomSelect.addEventListener('change', () => {
  options.zoom = readZoomParam(zoomSelect.value);
  if (!editor) return;
  editor.setZoom(options.zoom);
  showZoom({ zoom: editor.getZoom(), fitWidth: options.zoom === 'fit-width' });
});

viewOnly.addEventListener('change', () => {
  editor?.setMode(viewOnly.checked ? 'view' : 'edit');
  say(viewOnly.checked ? 'View only.' : 'Editing.');
});
