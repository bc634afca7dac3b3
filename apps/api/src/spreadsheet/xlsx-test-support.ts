import JSZip from 'jszip';

/**
 * The raw XML behind one cell of a produced .xlsx: its `<c>` element and the `<xf>` of styles.xml
 * its `s` attribute points at. For tests that check what a spreadsheet program reads, below any
 * library's reading of it.
 */
export async function rawCell(xlsx: Buffer, sheetNumber: number, ref: string): Promise<{ cell: string; xf: string }> {
  const zip = await JSZip.loadAsync(xlsx);
  const sheet = await zip.file(`xl/worksheets/sheet${sheetNumber}.xml`)?.async('string');
  const styles = await zip.file('xl/styles.xml')?.async('string');
  if (!sheet || !styles) throw new Error('not an .xlsx written by exceljs');
  const cell = new RegExp(`<c r="${ref}"[^>]*?(?:/>|>.*?</c>)`).exec(sheet)?.[0];
  if (!cell) throw new Error(`no cell ${ref}`);
  const styleIndex = Number(/ s="(\d+)"/.exec(cell)?.[1] ?? 0);
  const cellXfs = /<cellXfs[^>]*>(.*?)<\/cellXfs>/.exec(styles)?.[1] ?? '';
  const xf = cellXfs.match(/<xf [^>]*?(?:\/>|>.*?<\/xf>)/g)?.[styleIndex];
  if (!xf) throw new Error(`no cell style ${styleIndex}`);
  return { cell, xf };
}
