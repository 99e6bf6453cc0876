// Documents that name external resources the ways LibreOffice would follow: linked images,
// INCLUDEPICTURE/INCLUDETEXT fields, an attached template (DOCX); images, a stylesheet, iframes
// and an object (HTML). Each names both `baseUrl` and a local file.
import { zipSync } from 'fflate';

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
const R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const REL_IMAGE = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';

/** Returns a DOCX whose images are linked (not embedded) to `${baseUrl}/linked.png` and to `localImagePath`. */
export function buildLinkedResourceDocx(baseUrl: string, localImagePath: string): Uint8Array {
  const encode = (text: string) => new TextEncoder().encode(text);
  const picture = (id: number, relId: string) =>
    `<w:r><w:drawing><wp:inline><wp:extent cx="381000" cy="381000"/><wp:docPr id="${id}" name="Picture ${id}"/>` +
    '<a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>' +
    `<pic:nvPicPr><pic:cNvPr id="${id}" name="linked.png"/><pic:cNvPicPr/></pic:nvPicPr>` +
    `<pic:blipFill><a:blip r:link="${relId}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>` +
    '<pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="381000" cy="381000"/></a:xfrm><a:prstGeom prst="rect"><a:avLst/></a:prstGeom></pic:spPr>' +
    '</pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r>';
  const field = (instruction: string, cached: string) =>
    '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r>' +
    `<w:r><w:instrText xml:space="preserve"> ${instruction} </w:instrText></w:r>` +
    `<w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>${cached}</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>`;
  const document =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="${W}" xmlns:r="${R}" ` +
    'xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" ' +
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" ' +
    'xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"><w:body>' +
    '<w:p><w:r><w:t>Linked pictures follow</w:t></w:r></w:p>' +
    `<w:p>${picture(1, 'rIdRemote')}${picture(2, 'rIdLocal')}</w:p>` +
    field(`INCLUDEPICTURE "${baseUrl}/field.png" \\d`, 'picture field') +
    field(`INCLUDETEXT "${baseUrl}/included.docx"`, 'included text') +
    '<w:p><w:r><w:t>End of document</w:t></w:r></w:p><w:sectPr/></w:body></w:document>';
  return zipSync({
    '[Content_Types].xml': encode(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/>' +
        '<Override PartName="/word/settings.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.settings+xml"/></Types>',
    ),
    '_rels/.rels': encode(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/_rels/document.xml.rels': encode(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rIdRemote" Type="${REL_IMAGE}" Target="${baseUrl}/linked.png" TargetMode="External"/>` +
        `<Relationship Id="rIdLocal" Type="${REL_IMAGE}" Target="file://${localImagePath}" TargetMode="External"/>` +
        '<Relationship Id="rIdSettings" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/settings" Target="settings.xml"/></Relationships>',
    ),
    'word/document.xml': encode(document),
    'word/settings.xml': encode(
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:settings xmlns:w="${W}" xmlns:r="${R}"><w:attachedTemplate r:id="rIdTemplate"/></w:settings>`,
    ),
    'word/_rels/settings.xml.rels': encode(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        `<Relationship Id="rIdTemplate" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/attachedTemplate" Target="${baseUrl}/template.dotx" TargetMode="External"/></Relationships>`,
    ),
  });
}

/** Returns an HTML page whose images and stylesheet are at `baseUrl`, plus an image at `localImagePath`. */
export function buildLinkedImagesHtml(baseUrl: string, localImagePath: string): Uint8Array {
  return new TextEncoder().encode(
    '<!DOCTYPE html><html><head><meta http-equiv="Content-Type" content="text/html; charset=utf-8">' +
      `<title>Linked</title><link rel="stylesheet" href="${baseUrl}/style.css"></head><body>` +
      '<p>Linked resources follow</p>' +
      `<p><img src="${baseUrl}/remote.png" width="40" height="40" alt="remote"></p>` +
      `<p><img src="file://${localImagePath}" width="40" height="40" alt="local"></p>` +
      '<p>End of page</p></body></html>',
  );
}

/** Returns an HTML page that frames `baseUrl` and embeds the local file `localTextPath` as an iframe and an object. */
export function buildFramedResourcesHtml(baseUrl: string, localTextPath: string): Uint8Array {
  return new TextEncoder().encode(
    '<!DOCTYPE html><html><body><p>Framed resources follow</p>' +
      `<iframe src="${baseUrl}/frame.html"></iframe><iframe src="file://${localTextPath}"></iframe>` +
      `<object data="file://${localTextPath}" type="text/plain"></object><p>End of page</p></body></html>`,
  );
}
