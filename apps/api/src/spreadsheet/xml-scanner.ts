/** Attributes of a start tag, by local name (`r:id` is `id`). */
export type XmlAttributes = Record<string, string>;

/**
 * What a reader of one part wants to hear. Names are local names: `<x:row>` is `row`, as some
 * writers prefix the spreadsheet namespace. A self-closing tag is an open and a close. Text may
 * arrive in several pieces for one element.
 */
export type XmlHandler = {
  open(name: string, attributes: XmlAttributes): void;
  close(name: string): void;
  text(text: string): void;
};

/** The part is not XML Kobo reads: malformed, or declaring a document type (entities are never expanded). */
export class XmlError extends Error {}

/** A start tag longer than this is no spreadsheet's (Excel's longest are a few hundred characters). */
const MAX_TAG_CHARS = 64 * 1024;
/** A tag up to its closing `>`, quoted values allowed to hold `>`. Unrolled so a failed match is linear. */
const TAG = /<[^>"']*(?:(?:"[^"]*"|'[^']*')[^>"']*)*>/y;
const SLASH = 0x2f;
const BANG = 0x21;
const QUESTION = 0x3f;
const ATTRIBUTE = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;
const ENTITY = /&(#x[0-9a-fA-F]+|#[0-9]+|[a-zA-Z]+)?(;)?/g;
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/**
 * A small streaming XML reader for the parts of an .xlsx: tags, attributes, text, CDATA, comments
 * and processing instructions, fed in chunks of any size. It holds only the unfinished tail of the
 * input, so a sheet of any length is read in the memory of one chunk and one tag.
 */
export class XmlScanner {
  private pending = '';
  /** Elements open now: a part that ends with one open, or closes one never opened, is cut or malformed. */
  private depth = 0;
  private readonly handler: XmlHandler;

  constructor(handler: XmlHandler) {
    this.handler = handler;
  }

  write(chunk: string): void {
    this.pending = this.pending === '' ? chunk : this.pending + chunk;
    this.scan(false);
  }

  end(): void {
    this.scan(true);
  }

  private scan(isFinal: boolean): void {
    const input = this.pending;
    let position = 0;
    while (position < input.length) {
      const tagStart = input.indexOf('<', position);
      if (tagStart === -1) {
        position = this.emitText(input, position, input.length, isFinal);
        break;
      }
      if (tagStart > position) this.emitText(input, position, tagStart, true);
      const tagEnd = this.readTag(input, tagStart);
      if (tagEnd === -1) {
        if (isFinal || input.length - tagStart > MAX_TAG_CHARS) throw new XmlError('a tag is never closed');
        position = tagStart;
        break;
      }
      position = tagEnd;
    }
    this.pending = input.slice(position);
    if (isFinal && (this.pending !== '' || this.depth !== 0)) throw new XmlError('the part ends inside a tag or an element');
  }

  /** Text up to `end`; unless `isWhole`, an entity cut by the chunk's end waits for the next chunk. Answers where it stopped. */
  private emitText(input: string, start: number, end: number, isWhole: boolean): number {
    let stop = end;
    if (!isWhole) {
      const ampersand = input.lastIndexOf('&', end - 1);
      if (ampersand >= start && !input.includes(';', ampersand)) stop = ampersand;
    }
    if (stop > start) this.handler.text(decodeEntities(input.slice(start, stop)));
    return stop;
  }

  /** Reads the tag at `start`: answers the position after it, or -1 when the input ends before it does. */
  private readTag(input: string, start: number): number {
    const second = input.charCodeAt(start + 1);
    if (second === BANG || second === QUESTION || Number.isNaN(second)) return this.readSpecial(input, start);
    TAG.lastIndex = start;
    const match = TAG.exec(input);
    if (!match) return -1;
    const tag = match[0];
    const isEndTag = second === SLASH;
    const nameStart = isEndTag ? 2 : 1;
    let nameEnd = nameStart;
    while (nameEnd < tag.length && !endsName(tag.charCodeAt(nameEnd))) nameEnd += 1;
    if (nameEnd === nameStart) throw new XmlError('a tag without a name');
    const name = localName(tag.slice(nameStart, nameEnd));
    if (isEndTag) {
      if (this.depth === 0) throw new XmlError('a tag closes an element never opened');
      this.depth -= 1;
      this.handler.close(name);
      return start + tag.length;
    }
    const attributes: XmlAttributes = {};
    const isSelfClosing = tag.charCodeAt(tag.length - 2) === SLASH;
    if (tag.includes('=', nameEnd)) {
      ATTRIBUTE.lastIndex = nameEnd;
      for (let found = ATTRIBUTE.exec(tag); found; found = ATTRIBUTE.exec(tag)) {
        const [, attribute, doubleQuoted, singleQuoted] = found;
        if (attribute && !attribute.startsWith('xmlns')) attributes[localName(attribute)] = decodeEntities(doubleQuoted ?? singleQuoted ?? '');
      }
    }
    this.handler.open(name, attributes);
    if (isSelfClosing) this.handler.close(name);
    else this.depth += 1;
    return start + tag.length;
  }

  /** Comments, CDATA and processing instructions; a document type is refused. */
  private readSpecial(input: string, start: number): number {
    if (input.startsWith('<!--', start)) {
      const end = input.indexOf('-->', start + 4);
      return end === -1 ? -1 : end + 3;
    }
    if (input.startsWith('<![CDATA[', start)) {
      const end = input.indexOf(']]>', start + 9);
      if (end === -1) return -1;
      this.handler.text(input.slice(start + 9, end));
      return end + 3;
    }
    if (input.startsWith('<?', start)) {
      const end = input.indexOf('?>', start + 2);
      return end === -1 ? -1 : end + 2;
    }
    // `<!-` or `<![CDA` may be the start of a comment or CDATA cut by the chunk's end.
    if (input.length - start < 9) return -1;
    throw new XmlError('a document type or other declaration');
  }
}

/** White space, `/` or `>`: the end of a tag's name. */
function endsName(code: number): boolean {
  return code === 0x20 || code === SLASH || code === 0x3e || code === 0x0a || code === 0x09 || code === 0x0d;
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon === -1 ? name : name.slice(colon + 1);
}

/** XML's five named entities and character references; anything else after `&` is malformed. */
export function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (_whole, name: string | undefined, semicolon: string | undefined) => {
    if (!name || !semicolon) throw new XmlError('a bare ampersand');
    const named = NAMED_ENTITIES[name];
    if (named !== undefined) return named;
    if (!name.startsWith('#')) throw new XmlError(`an unknown entity &${name};`);
    const codePoint = name[1] === 'x' ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
    if (!(codePoint <= 0x10ffff)) throw new XmlError('a character reference out of range');
    return String.fromCodePoint(codePoint);
  });
}
