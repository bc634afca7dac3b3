import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/**
 * .xlsx files built by hand, below any spreadsheet library, for tests and bench:uploads: a sheet
 * of millions of rows deflated as it is generated (a few hundred KB), and archives whose entries
 * declare a size other than what they hold, as a hostile upload would.
 */
export type HandBuiltPart = { name: string; chunks: Iterable<string>; declaredSize?: number };

const RELATIONSHIPS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
const CONTENT_TYPES =
  '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/></Types>';
const ROOT_RELATIONSHIPS = `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${RELATIONSHIPS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`;
const ONE_SHEET_WORKBOOK = `<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="${RELATIONSHIPS}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`;

/** The parts of a workbook besides its sheet; any left out is written as a one-sheet workbook has it. */
export type WorkbookXml = { workbook?: string; sharedStrings?: string; styles?: string };

const SHEET_START = '<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>';
const SHEET_END = '</sheetData></worksheet>';

/** Text cells, inline (no shared strings part), in a row without a row number, as Excel allows. */
export function rowXml(cells: string[]): string {
  return `<row>${cells.map((cell) => `<c t="inlineStr"><is><t>${cell}</t></is></c>`).join('')}</row>`;
}

/** A header and `count` copies of one row's XML, yielded a thousand rows at a time. */
export function* sheetOf(header: string[], repeatedRow: string, count: number): Generator<string> {
  yield SHEET_START + rowXml(header);
  const block = repeatedRow.repeat(1000);
  for (let done = 0; done < count; done += 1000) yield count - done >= 1000 ? block : repeatedRow.repeat(count - done);
  yield SHEET_END;
}

/**
 * The outside review's upload (issue 26): a header and three million one-cell rows, about 78 MB of
 * sheet XML deflated to a few hundred KB.
 */
export function threeMillionRowBomb(): Promise<Buffer> {
  return handBuiltXlsx(sheetOf(['Date', 'Item', 'Amount'], '<row><c><v>5</v></c></row>', 3_000_000));
}

/**
 * A workbook whose first sheet's XML is `sheetChunks`; `declaredSheetSize` makes the sheet's entry
 * claim another inflated size than it has.
 */
export async function handBuiltXlsx(sheetChunks: Iterable<string>, options: WorkbookXml & { declaredSheetSize?: number } = {}): Promise<Buffer> {
  const related = [`<Relationship Id="rId1" Type="${RELATIONSHIPS}/worksheet" Target="worksheets/sheet1.xml"/>`];
  const parts: HandBuiltPart[] = [
    { name: '[Content_Types].xml', chunks: [CONTENT_TYPES] },
    { name: '_rels/.rels', chunks: [ROOT_RELATIONSHIPS] },
    { name: 'xl/workbook.xml', chunks: [options.workbook ?? ONE_SHEET_WORKBOOK] },
    { name: 'xl/worksheets/sheet1.xml', chunks: sheetChunks, declaredSize: options.declaredSheetSize },
  ];
  if (options.sharedStrings) {
    related.push(`<Relationship Id="rId2" Type="${RELATIONSHIPS}/sharedStrings" Target="sharedStrings.xml"/>`);
    parts.push({ name: 'xl/sharedStrings.xml', chunks: [options.sharedStrings] });
  }
  if (options.styles) {
    related.push(`<Relationship Id="rId3" Type="${RELATIONSHIPS}/styles" Target="/xl/styles.xml"/>`);
    parts.push({ name: 'xl/styles.xml', chunks: [options.styles] });
  }
  parts.push({
    name: 'xl/_rels/workbook.xml.rels',
    chunks: [`<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${related.join('')}</Relationships>`],
  });
  return zipOf(parts);
}

/** A zip archive of deflated entries, each deflated as its chunks are generated. */
export async function zipOf(parts: HandBuiltPart[]): Promise<Buffer> {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const part of parts) {
    const { data, size, checksum } = await deflate(part.chunks);
    const name = Buffer.from(part.name, 'utf8');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(checksum, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(part.declaredSize ?? size, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(8, 10);
    entry.writeUInt32LE(checksum, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(part.declaredSize ?? size, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

async function deflate(chunks: Iterable<string>): Promise<{ data: Buffer; size: number; checksum: number }> {
  const deflater = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => output.push(chunk));
  let size = 0;
  let checksum = 0;
  for (const text of chunks) {
    const bytes = Buffer.from(text, 'utf8');
    size += bytes.length;
    checksum = crc32(bytes, checksum);
    if (!deflater.write(bytes)) await once(deflater, 'drain');
  }
  deflater.end();
  await once(deflater, 'end');
  return { data: Buffer.concat(output), size, checksum };
}
