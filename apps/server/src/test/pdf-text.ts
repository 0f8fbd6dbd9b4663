import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** Each page's text, any run of spaces (no-break ones too) read as one space. */
export async function pdfText(pdf: Uint8Array): Promise<string[]> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false, disableFontFace: true }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n++) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(
      content.items
        .map((item) => ('str' in item ? item.str + (item.hasEOL ? ' ' : '') : ''))
        .join('')
        .replace(/[\s\u00a0]+/g, ' '),
    );
  }
  await document.destroy();
  return pages;
}
