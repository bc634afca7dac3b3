import { inflateEntry, openZip, type InflateBudget, type ZipArchive } from './zip-archive.ts';
import { readSheetRows, unescapeExcelText } from './read-sheet-rows.ts';
import { SheetRefusal, type SheetLimits, type SheetRow } from './sheet-refusal.ts';
import { XmlError, XmlScanner, type XmlAttributes, type XmlHandler } from './xml-scanner.ts';

type Relationship = { type: string; target: string };
type WorkbookSheet = { state: string; relationId: string };

/**
 * The first worksheet of an .xlsx as rows, read with bounds (issue 26): each part's declared size
 * is taken from `limits.maxExpandedBytes` before it is inflated, every part is inflated and read
 * a chunk at a time, and the sheet's rows stop at the first one past `limits.maxRows`. Only the
 * parts a reading needs are opened: the workbook, its relationships, the styles (which cells are
 * dates), the shared strings and the sheet.
 */
export async function readXlsxRows(bytes: Uint8Array, limits: SheetLimits): Promise<SheetRow[]> {
  const archive = openZip(bytes);
  const budget: InflateBudget = { remainingBytes: limits.maxExpandedBytes };
  const rootRelationships = await readRelationships(archive, '_rels/.rels', budget);
  const workbookPath = [...rootRelationships.values()].find((relation) => relation.type.endsWith('/officeDocument'))?.target ?? 'xl/workbook.xml';
  const workbook = await readWorkbookPart(archive, workbookPath, budget);
  const relationships = await readRelationships(archive, relationshipsPathOf(workbookPath), budget);
  // The first worksheet in the workbook's order, as a spreadsheet program shows its tabs (a chart sheet is no table).
  const first = workbook.sheets.find((sheet) => relationships.get(sheet.relationId)?.type.endsWith('/worksheet'));
  if (!first) throw new SheetRefusal('empty');
  if (first.state === 'hidden' || first.state === 'veryHidden') throw new SheetRefusal('hiddenSheet');
  const partOf = (type: string) => [...relationships.values()].find((relation) => relation.type.endsWith(type))?.target;
  const stylesPath = partOf('/styles');
  const sharedStringsPath = partOf('/sharedStrings');
  const dateStyles = stylesPath ? await readDateStyles(archive, stylesPath, budget) : [];
  const sharedStrings = sharedStringsPath ? await readSharedStrings(archive, sharedStringsPath, budget) : [];
  const sheetPath = (relationships.get(first.relationId) as Relationship).target;
  return readSheetRows((handler) => readPart(archive, sheetPath, budget, handler, true), {
    maxRows: limits.maxRows,
    sharedStrings,
    dateStyles,
    isDate1904: workbook.isDate1904,
  });
}

/**
 * Reads one part through `handler`. A missing part is an empty one unless `isRequired`. Malformed
 * XML or UTF-8 is "not a spreadsheet"; a refusal thrown by the handler stops the reading there.
 */
export async function readPart(archive: ZipArchive, path: string, budget: InflateBudget, handler: XmlHandler, isRequired = false): Promise<void> {
  const entry = archive.entries.get(path.toLowerCase());
  if (!entry) {
    if (isRequired) throw new SheetRefusal('notSpreadsheet');
    return;
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const scanner = new XmlScanner(handler);
  try {
    for await (const chunk of inflateEntry(archive, entry, budget)) scanner.write(decoder.decode(chunk, { stream: true }));
    scanner.write(decoder.decode());
    scanner.end();
  } catch (error) {
    if (error instanceof XmlError || error instanceof TypeError) throw new SheetRefusal('notSpreadsheet');
    throw error;
  }
}

/** A part's relationships by id, targets resolved to paths inside the archive. */
async function readRelationships(archive: ZipArchive, path: string, budget: InflateBudget): Promise<Map<string, Relationship>> {
  const relationships = new Map<string, Relationship>();
  const base = path.slice(0, path.lastIndexOf('_rels/'));
  await readPart(archive, path, budget, {
    open(name, attributes) {
      if (name === 'Relationship' && attributes.Id && attributes.Target && attributes.TargetMode !== 'External') {
        relationships.set(attributes.Id, { type: attributes.Type ?? '', target: resolvePath(base, attributes.Target) });
      }
    },
    close: () => undefined,
    text: () => undefined,
  });
  return relationships;
}

/** `xl/workbook.xml` → `xl/_rels/workbook.xml.rels`. */
function relationshipsPathOf(partPath: string): string {
  const slash = partPath.lastIndexOf('/');
  return `${partPath.slice(0, slash + 1)}_rels/${partPath.slice(slash + 1)}.rels`;
}

/** A target relative to its part's folder, or absolute from the archive's root. */
function resolvePath(base: string, target: string): string {
  const segments = (target.startsWith('/') ? target.slice(1) : base + target).split('/');
  const resolved: string[] = [];
  for (const segment of segments) {
    if (segment === '..') resolved.pop();
    else if (segment !== '.' && segment !== '') resolved.push(segment);
  }
  return resolved.join('/');
}

async function readWorkbookPart(archive: ZipArchive, path: string, budget: InflateBudget): Promise<{ sheets: WorkbookSheet[]; isDate1904: boolean }> {
  const sheets: WorkbookSheet[] = [];
  let isDate1904 = false;
  await readPart(
    archive,
    path,
    budget,
    {
      open(name, attributes) {
        if (name === 'sheet' && attributes.id) sheets.push({ state: attributes.state ?? 'visible', relationId: attributes.id });
        if (name === 'workbookPr') isDate1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      },
      close: () => undefined,
      text: () => undefined,
    },
    true,
  );
  return { sheets, isDate1904 };
}

/**
 * Built-in number formats that are dates or times (ECMA-376 18.8.30), as ExcelJS read them before:
 * 14–22 and 45–47. A custom format is a date when, outside quotes and brackets, it holds y, m, d, h,
 * s or b.
 */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);

function isDateFormat(code: string): boolean {
  return /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));
}

/** For each cell style (a cell's `s`), whether its number format shows a date. */
async function readDateStyles(archive: ZipArchive, path: string, budget: InflateBudget): Promise<boolean[]> {
  const customFormats = new Map<number, string>();
  const formatIds: number[] = [];
  let isInCellFormats = false;
  await readPart(archive, path, budget, {
    open(name, attributes: XmlAttributes) {
      if (name === 'numFmt' && attributes.numFmtId) customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
      if (name === 'cellXfs') isInCellFormats = true;
      if (name === 'xf' && isInCellFormats) formatIds.push(Number(attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') isInCellFormats = false;
    },
    text: () => undefined,
  });
  return formatIds.map((id) => {
    if (!id) return false;
    const custom = customFormats.get(id);
    return custom === undefined ? DATE_FORMAT_IDS.has(id) : isDateFormat(custom);
  });
}

/** The shared strings table: each `<si>`'s text, its rich-text runs joined, phonetic guides left out. */
async function readSharedStrings(archive: ZipArchive, path: string, budget: InflateBudget): Promise<string[]> {
  const strings: string[] = [];
  let current: string[] | null = null;
  let isInText = false;
  let phoneticDepth = 0;
  await readPart(archive, path, budget, {
    open(name) {
      if (name === 'si') current = [];
      else if (name === 'rPh') phoneticDepth += 1;
      else if (name === 't' && phoneticDepth === 0) isInText = true;
    },
    close(name) {
      if (name === 't') isInText = false;
      else if (name === 'rPh') phoneticDepth -= 1;
      else if (name === 'si' && current) {
        strings.push(unescapeExcelText(current.join('')));
        current = null;
      }
    },
    text(text) {
      if (isInText && current) current.push(text);
    },
  });
  return strings;
}
