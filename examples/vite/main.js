// Quire from npm in a Vite app: the Editor class and its style sheet are imported like any
// package; Vite bundles both. Reports go to VITE_QUIRE_COLLECTOR (see README.md), else to a
// local `quire serve`.
import { Editor } from 'quire';
import 'quire/style.css';
import './page.css';

const fileInput = document.getElementById('file');
const downloadButton = document.getElementById('download');
const documentIdOutput = document.getElementById('documentId');
const container = document.getElementById('editor');

const options = {
  licenseKey: import.meta.env.VITE_QUIRE_LICENSE_KEY ?? 'community-and-eval-agplv3',
  telemetry: { endpoint: import.meta.env.VITE_QUIRE_COLLECTOR ?? 'http://localhost:8787/v1/collect' },
  // Vite moves the code, not the fonts: `npm run fonts` copies them to public/ (see README.md).
  fonts: '/quire-fonts/',
};

let editor = null;
let fileName = 'document.docx';

async function openFile(file) {
  downloadButton.disabled = true;
  documentIdOutput.textContent = '–';
  try {
    if (editor === null) {
      editor = new Editor({ element: container, document: file, toolbar: true, ...options });
      await editor.ready;
    } else if (/\.(md|markdown|html?)$/i.test(file.name)) {
      await editor.import(file);
    } else {
      await editor.open(file);
    }
    fileName = file.name.replace(/\.[^.]*$/, '') + '.docx';
    documentIdOutput.textContent = editor.getDocumentId();
    downloadButton.disabled = false;
  } catch (error) {
    // The editor already shows a short message in place of the document.
    console.error(error);
  }
}

fileInput.addEventListener('change', () => {
  const file = fileInput.files[0];
  fileInput.value = '';
  if (file) void openFile(file);
});

downloadButton.addEventListener('click', () => void editor.download(fileName));
