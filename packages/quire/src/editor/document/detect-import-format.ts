/** The formats `Editor.import` reads. */
export type ImportFormat = 'docx' | 'markdown' | 'html';

const BY_EXTENSION: Readonly<Record<string, ImportFormat>> = {
  docx: 'docx',
  docm: 'docx',
  md: 'markdown',
  markdown: 'markdown',
  mdown: 'markdown',
  txt: 'markdown',
  html: 'html',
  htm: 'html',
  xhtml: 'html',
};

const BY_MEDIA_TYPE: Readonly<Record<string, ImportFormat>> = {
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'text/markdown': 'markdown',
  'text/x-markdown': 'markdown',
  'text/plain': 'markdown',
  'text/html': 'html',
  'application/xhtml+xml': 'html',
};

/** Returns the format a file's name (extension) or media type declares, or undefined when neither says. */
export function declaredImportFormat(file: Blob): ImportFormat | undefined {
  const name = typeof (file as File).name === 'string' ? (file as File).name : '';
  const extension = /\.([a-z0-9]+)$/i.exec(name)?.[1]?.toLowerCase();
  const byName = extension === undefined ? undefined : BY_EXTENSION[extension];
  return byName ?? BY_MEDIA_TYPE[(typeof file.type === 'string' ? file.type : '').split(';')[0]?.trim().toLowerCase() ?? ''];
}

/**
 * Returns the format of a file to import: from its name's extension, else its media type, else
 * its first bytes (a zip is a DOCX, text starting with `<` is HTML, other text Markdown).
 */
export async function detectImportFormat(file: Blob): Promise<ImportFormat> {
  const declared = declaredImportFormat(file);
  if (declared) return declared;
  const head = new Uint8Array(await file.slice(0, 512).arrayBuffer());
  if (head[0] === 0x50 && head[1] === 0x4b) return 'docx';
  const text = new TextDecoder().decode(head).replace(/^\uFEFF/, '').trimStart();
  return text.startsWith('<') ? 'html' : 'markdown';
}
