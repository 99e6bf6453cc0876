// Hostile uploads: each gets a JSON 4xx (or, for documents that merely name resources, a
// conversion that fetched nothing), and the server answers the next request as usual.
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEngines, type EngineRegistry } from '../../../convert/src/create-engines.js';
import { buildDocx, buildDocxEntries, buildZip, REL } from '../../../../test/support/docx-builder.js';
import { buildPng, startHitCountingServer, type HitCountingServer } from '../../../../test/support/hit-counting-server.js';
import { docxText, zipEntryNames } from '../../../../test/support/inspect-output.js';
import { buildMultipart, TEST_BOUNDARY } from '../convert/multipart.js';
import { errorBody, startConvertHarness, type ConvertHarness } from './convert-harness.js';

const fixture = async (path: string) => new Uint8Array(await readFile(new URL(`../../../../test/fixtures/${path}`, import.meta.url)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const MAX_UPLOAD = 2 * 1024 * 1024;

describe('POST /v1/convert with hostile input', () => {
  let engines: EngineRegistry;
  let harness: ConvertHarness;
  let loopback: HitCountingServer;
  let localDir: string;

  beforeAll(async () => {
    engines = createEngines({ env: {}, libreoffice: false, gotenberg: false });
    harness = await startConvertHarness('pglite', { engines, convertLimits: { maxUploadBytes: MAX_UPLOAD } });
    loopback = await startHitCountingServer();
    localDir = await mkdtemp(join(tmpdir(), 'quire-hostile-'));
    await writeFile(join(localDir, 'secret.png'), buildPng(4, 4));
    await writeFile(join(localDir, 'secret.txt'), 'TOP-SECRET-LOCAL-FILE');
  });
  afterAll(async () => {
    await harness.close();
    await engines.close();
    await loopback.close();
    await rm(localDir, { recursive: true, force: true });
  });

  async function expectStillServing(): Promise<void> {
    const response = await harness.convert('from=md&to=docx', [{ name: 'file', fileName: 'ok.md', content: '# still serving' }]);
    expect(response.status).toBe(200);
    expect(docxText(new Uint8Array(await response.arrayBuffer()))).toContain('still serving');
  }

  async function expectRefused(response: Response, status: number, code: string): Promise<{ message: string; details?: unknown }> {
    const body = await errorBody(response);
    expect({ status: response.status, code: body.code }).toEqual({ status, code });
    expect(JSON.stringify(body)).not.toMatch(/\bat .*\.(ts|js):\d+/);
    await expectStillServing();
    return body;
  }

  it('refuses a file that is not of the declared format with CONVERT_FORMAT_MISMATCH', async () => {
    const mismatch = await harness.convert('from=docx&to=docx', [{ name: 'file', fileName: 'fake.docx', content: '# I am Markdown' }]);
    expect((await expectRefused(mismatch, 415, 'CONVERT_FORMAT_MISMATCH')).details).toEqual({ declared: 'docx', detected: 'md' });
    const docxAsHtml = await harness.convert('from=html&to=docx', [{ name: 'file', content: await fixture('docx/pandoc-lists.docx') }]);
    expect((await expectRefused(docxAsHtml, 415, 'CONVERT_FORMAT_MISMATCH')).details).toEqual({ declared: 'html', detected: 'docx' });
  }, 30_000);

  it('refuses formats it does not read with CONVERT_INPUT_INVALID', async () => {
    const pdf = await harness.convert('to=docx', [{ name: 'file', fileName: 'x.pdf', content: '%PDF-1.7\n%%EOF' }]);
    expect((await expectRefused(pdf, 422, 'CONVERT_INPUT_INVALID')).message).toBe('The input is a PDF; PDF is an output format only.');
    const empty = await harness.convert('from=md&to=docx', [{ name: 'file', fileName: 'empty.md', content: '' }]);
    await expectRefused(empty, 422, 'CONVERT_INPUT_INVALID');
  }, 30_000);

  it('refuses a truncated zip', async () => {
    const whole = await fixture('docx/pandoc-lists.docx');
    const response = await harness.convert('from=docx&to=docx', [{ name: 'file', content: whole.subarray(0, Math.floor(whole.length / 2)) }]);
    await expectRefused(response, 422, 'CONVERT_INPUT_INVALID');
  }, 30_000);

  it('refuses a zip bomb before inflating it', async () => {
    const bomb = buildDocx({ extraEntries: { 'word/media/zeros.bin': new Uint8Array(64 * 1024 * 1024) } });
    expect(bomb.length).toBeLessThan(MAX_UPLOAD);
    const response = await harness.convert('from=docx&to=docx', [{ name: 'file', content: bomb }]);
    expect((await expectRefused(response, 422, 'CONVERT_INPUT_INVALID')).message).toMatch(/inflates more than 200 times/);
  }, 30_000);

  it('refuses XML with a DOCTYPE (entity tricks) in any part, reading no local file', async () => {
    const entity = `<!DOCTYPE w:document [<!ENTITY xxe SYSTEM "file://${join(localDir, 'secret.txt')}">]>`;
    const replaced = (name: string, xml: string) =>
      buildZip(buildDocxEntries().map(([entry, content]) => [entry, entry === name ? utf8(xml) : content]));
    const inDocument = replaced(
      'word/document.xml',
      `<?xml version="1.0"?>${entity}<w:document xmlns:w="${'http://schemas.openxmlformats.org/wordprocessingml/2006/main'}"><w:body><w:p><w:r><w:t>&xxe;</w:t></w:r></w:p></w:body></w:document>`,
    );
    const body = await expectRefused(await harness.convert('from=docx&to=docx', [{ name: 'file', content: inDocument }]), 422, 'CONVERT_INPUT_INVALID');
    expect(body.message).toMatch(/DOCTYPE/);
    const laughs = '<!DOCTYPE r [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]>';
    const inRelationships = replaced('_rels/.rels', `<?xml version="1.0"?>${laughs}<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">&c;</Relationships>`);
    await expectRefused(await harness.convert('from=docx&to=docx', [{ name: 'file', content: inRelationships }]), 422, 'CONVERT_INPUT_INVALID');
  }, 30_000);

  it('refuses a package whose main document relationship points outside the package', async () => {
    const escaping = buildDocx({
      packageRelsXml:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rId1" Type="${REL.officeDocument}" Target="../../../../etc/passwd"/></Relationships>`,
    });
    await expectRefused(await harness.convert('from=docx&to=docx', [{ name: 'file', content: escaping }]), 422, 'CONVERT_INPUT_INVALID');
  }, 30_000);

  it('converts HTML and Markdown that name remote and local resources without fetching or reading any', async () => {
    const secretPng = join(localDir, 'secret.png');
    const html =
      `<html><head><link rel="stylesheet" href="${loopback.url}/style.css"><script src="${loopback.url}/app.js"></script></head><body>` +
      `<p>Linked resources follow</p><img src="${loopback.url}/remote.png" alt="remote"><img src="file://${secretPng}" alt="local">` +
      `<iframe src="${loopback.url}/frame.html"></iframe><object data="file://${join(localDir, 'secret.txt')}"></object>` +
      `<p style="background: url(${loopback.url}/bg.png)">End of page</p></body></html>`;
    const markdown = `# Linked\n\n![remote](${loopback.url}/remote.png)\n\n![local](${secretPng})\n\n<img src="${loopback.url}/raw.png">\n\nend`;
    for (const [query, content] of [['from=html&to=docx', html], ['from=md&to=docx', markdown]] as const) {
      const response = await harness.convert(query, [{ name: 'file', content }]);
      expect(response.status).toBe(200);
      const docx = new Uint8Array(await response.arrayBuffer());
      expect(zipEntryNames(docx).filter((name) => name.startsWith('word/media/'))).toEqual([]);
      expect(docxText(docx)).not.toContain('TOP-SECRET');
    }
    expect(loopback.hits).toEqual([]);
    await expectStillServing();
  }, 30_000);

  it('converts deeply nested HTML and Markdown without exhausting the stack', async () => {
    // The readers flatten what nests deeper than 100 levels; 10 000 levels is far past that.
    const depth = 10_000;
    const cases: Array<[string, string]> = [
      ['from=html&to=docx', `${'<div><ul><li>'.repeat(depth)}deep${'</li></ul></div>'.repeat(depth)}`],
      ['from=md&to=docx', `${'> '.repeat(depth)}quoted\n\n${Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')}`],
    ];
    for (const [query, content] of cases) {
      const response = await harness.convert(query, [{ name: 'file', content }]);
      expect(response.status).toBe(200);
      expect(docxText(new Uint8Array(await response.arrayBuffer()))).toMatch(/deep|quoted/);
    }
    await expectStillServing();
  }, 60_000);

  it('answers broken multipart bodies with 400 and a stable code', async () => {
    const { body, contentType } = buildMultipart([{ name: 'file', fileName: 'a.md', content: '# a'.repeat(1000) }]);
    await expectRefused(await harness.convertRaw('from=md&to=docx', body, 'multipart/form-data'), 400, 'CONVERT_MULTIPART_INVALID');
    await expectRefused(await harness.convertRaw('from=md&to=docx', body.slice(0, 1500), contentType), 400, 'CONVERT_MULTIPART_INVALID');
    await expectRefused(await harness.convert('from=md&to=docx', [{ name: 'note', content: 'no file here' }]), 400, 'CONVERT_FILE_MISSING');
    const wrongName = await harness.convert('from=md&to=docx', [{ name: 'upload', fileName: 'a.md', content: '# a' }]);
    expect((await expectRefused(wrongName, 400, 'CONVERT_FILE_MISSING')).details).toEqual({ fileParts: ['upload'] });
    const twoFiles = await harness.convert('from=md&to=docx', [
      { name: 'file', fileName: 'a.md', content: '# a' },
      { name: 'file', fileName: 'b.md', content: '# b' },
    ]);
    await expectRefused(twoFiles, 400, 'CONVERT_TOO_MANY_FILES');
    await expectRefused(await harness.convertRaw('from=md&to=docx', '{"file":"# a"}', 'application/json'), 415, 'CONVERT_MEDIA_TYPE_UNSUPPORTED');
  }, 30_000);

  it('bounds huge or numerous part headers instead of buffering them: the part loses its name', async () => {
    const junk = `X-Junk: ${'j'.repeat(MAX_UPLOAD - 1024)}`;
    const response = await harness.convert('from=md&to=docx', [{ name: 'file', fileName: 'a.md', content: '# a', headersBefore: [junk] }]);
    await expectRefused(response, 400, 'CONVERT_FILE_MISSING');
    const tooMany = Array.from({ length: 40 }, (_, i) => `X-Header-${i}: value`);
    const many = await harness.convert('from=md&to=docx', [{ name: 'file', fileName: 'a.md', content: '# many headers', headersBefore: tooMany }]);
    await expectRefused(many, 400, 'CONVERT_FILE_MISSING');
  }, 30_000);

  it('refuses a file over the upload limit with 413, declared or streamed', async () => {
    const big = buildMultipart([{ name: 'file', fileName: 'big.md', content: new Uint8Array(MAX_UPLOAD + 1).fill(0x61) }]);
    const response = await harness.convertRaw('from=md&to=docx', big.body, big.contentType);
    const body = await expectRefused(response, 413, 'CONVERT_INPUT_TOO_LARGE');
    expect(body.details).toEqual({ maxBytes: MAX_UPLOAD });
    const declared = await harness.request('/v1/convert?from=md&to=docx', {
      method: 'POST',
      headers: { authorization: `Bearer ${harness.apiKey}`, 'content-type': `multipart/form-data; boundary=${TEST_BOUNDARY}`, 'content-length': String(10 * MAX_UPLOAD) },
      body: new ReadableStream({ start: (controller) => controller.close() }),
      duplex: 'half',
    } as RequestInit);
    await expectRefused(declared, 413, 'REQUEST_BODY_TOO_LARGE');
  }, 30_000);
});
