// A loopback stand-in for a Gotenberg 8 server (Docker is not available here). It speaks the
// three routes Quire uses and checks requests the way Gotenberg does, strictly: POST only,
// multipart/form-data, only `files` fields, an index.html for Chromium routes, a Markdown file
// the template names for the Markdown route, an office extension for the LibreOffice route.
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One file part as the stand-in received it. */
export interface ReceivedFile {
  name: string;
  type: string;
  bytes: Uint8Array;
}

/** One request as the stand-in received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: Record<string, string | string[] | undefined>;
  files: ReceivedFile[];
}

/** How the stand-in answers the next requests; default a PDF after checking the form. */
export interface StandInBehaviour {
  /** Answer with this status and text/plain body instead of converting. */
  status?: number;
  body?: string | Uint8Array;
  /** Wait this long before answering. */
  delayMs?: number;
}

export interface GotenbergStandIn {
  url: string;
  requests: ReceivedRequest[];
  behaviour: StandInBehaviour;
  close(): Promise<void>;
}

/** The PDF the stand-in answers with: minimal but well-formed (header and %%EOF). */
export const STAND_IN_PDF = new TextEncoder().encode(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const OFFICE_EXTENSIONS = new Set(['docx', 'doc', 'odt', 'rtf', 'txt', 'xlsx', 'pptx']);

export async function startGotenbergStandIn(): Promise<GotenbergStandIn> {
  const requests: ReceivedRequest[] = [];
  const standIn: GotenbergStandIn = { url: '', requests, behaviour: {}, close: async () => undefined };
  const server: Server = createServer((request, response) => {
    void handle(request).then(
      ({ status, body, type }) => {
        const headers: Record<string, string | number> = { 'content-type': type, 'gotenberg-trace': 'stand-in-trace' };
        if (status === 200) headers['content-disposition'] = 'attachment; filename=result.pdf';
        const delay = standIn.behaviour.delayMs ?? 0;
        setTimeout(() => {
          if (response.destroyed) return;
          response.writeHead(status, headers);
          response.end(body);
        }, delay);
      },
      () => {
        response.writeHead(500, { 'content-type': 'text/plain; charset=UTF-8' });
        response.end('Internal Server Error');
      },
    );
  });

  async function handle(request: IncomingMessage): Promise<{ status: number; body: string | Uint8Array; type: string }> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const path = request.url ?? '';
    const record: ReceivedRequest = { method: request.method ?? '', path, headers: request.headers, files: [] };
    requests.push(record);
    const text = (status: number, body: string) => ({ status, body, type: 'text/plain; charset=UTF-8' });
    const routes = ['/forms/libreoffice/convert', '/forms/chromium/convert/html', '/forms/chromium/convert/markdown'];
    if (!routes.includes(path)) return text(404, 'Not Found');
    if (request.method !== 'POST') return text(405, 'Method Not Allowed');
    const contentType = request.headers['content-type'] ?? '';
    if (!/^multipart\/form-data;\s*boundary=/i.test(contentType)) return text(400, 'Invalid form data: not multipart/form-data');
    let form: FormData;
    try {
      form = await new Request('http://stand-in/', { method: 'POST', headers: { 'content-type': contentType }, body: Buffer.concat(chunks) }).formData();
    } catch {
      return text(400, 'Invalid form data: malformed multipart body');
    }
    for (const [field, value] of form.entries()) {
      if (field !== 'files' || typeof value === 'string') return text(400, `Invalid form data: unexpected field '${field}'`);
      record.files.push({ name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) });
    }
    if (standIn.behaviour.status !== undefined) {
      const body = standIn.behaviour.body ?? 'Stand-in error';
      return typeof body === 'string' ? text(standIn.behaviour.status, body) : { status: standIn.behaviour.status, body, type: 'application/pdf' };
    }
    const problem = checkFiles(path, record.files);
    if (problem) return text(400, problem);
    return { status: 200, body: standIn.behaviour.body ?? STAND_IN_PDF, type: 'application/pdf' };
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return standIn;
}

function checkFiles(path: string, files: readonly ReceivedFile[]): string | undefined {
  if (files.length === 0) return "Invalid form data: no form file found for extensions: [.html]";
  const names = files.map((file) => file.name);
  if (path === '/forms/libreoffice/convert') {
    const unsupported = names.find((name) => !OFFICE_EXTENSIONS.has(name.split('.').pop()?.toLowerCase() ?? ''));
    return unsupported ? `Invalid form data: unsupported extension for '${unsupported}'` : undefined;
  }
  const index = files.filter((file) => file.name === 'index.html');
  if (index.length !== 1) return "Invalid form data: form file 'index.html' is required";
  if (path === '/forms/chromium/convert/html') return names.length === 1 ? undefined : 'Invalid form data: unexpected extra files';
  const template = new TextDecoder().decode(index[0]!.bytes);
  const referenced = [...template.matchAll(/\{\{\s*toHTML\s+"([^"]+)"\s*\}\}/g)].map((match) => match[1]);
  if (referenced.length === 0) return "Invalid form data: index.html does not call toHTML";
  const missing = referenced.find((name) => !names.includes(name ?? '') || !name?.endsWith('.md'));
  return missing ? `Invalid form data: markdown file '${missing}' is missing` : undefined;
}
