/**
 * Line numbers inside JSON text: where a field (by its path, as zod reports it) sits, and where a
 * syntax error is. Operators editing a campaign file by hand need "line 42", not just a path.
 */

/** 1-based line of the value at `path`; a missing field gives the line of its parent. */
export function lineOfJsonPath(text: string, path: readonly PropertyKey[]): number | undefined {
  try {
    return lineAt(text, new Locator(text).find(path));
  } catch {
    return undefined;
  }
}

/** Line of a JSON.parse error, from the position V8 puts in its message. */
export function lineOfJsonSyntaxError(text: string, error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : '';
  const line = /\(line (\d+) column \d+\)/.exec(message);
  if (line?.[1]) return Number(line[1]);
  const position = /at position (\d+)/.exec(message);
  return position?.[1] ? lineAt(text, Number(position[1])) : undefined;
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < text.length; i++) if (text[i] === '\n') line++;
  return line;
}

/** A minimal scanner over text already known to be valid JSON. */
class Locator {
  private pos = 0;

  constructor(private readonly text: string) {}

  find(path: readonly PropertyKey[]): number {
    this.skipSpace();
    const start = this.pos;
    if (path.length === 0) return start;
    const [head, ...rest] = path;
    const open = this.text[this.pos];
    if (open !== '{' && open !== '[') return start;
    this.pos++;
    for (let index = 0; ; index++) {
      this.skipSpace();
      if (this.text[this.pos] === '}' || this.text[this.pos] === ']') return start;
      let matches = index === Number(head);
      if (open === '{') {
        matches = this.readString() === String(head);
        this.skipSpace();
        this.pos++; // ':'
      }
      if (matches) return this.find(rest);
      this.skipValue();
      this.skipSpace();
      if (this.text[this.pos] !== ',') return start;
      this.pos++;
    }
  }

  private skipSpace(): void {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? '')) this.pos++;
  }

  private readString(): string {
    const start = this.pos;
    this.skipString();
    return JSON.parse(this.text.slice(start, this.pos)) as string;
  }

  private skipString(): void {
    this.pos++;
    while (this.pos < this.text.length && this.text[this.pos] !== '"') {
      this.pos += this.text[this.pos] === '\\' ? 2 : 1;
    }
    this.pos++;
  }

  private skipValue(): void {
    this.skipSpace();
    let depth = 0;
    while (this.pos < this.text.length) {
      const c = this.text[this.pos];
      if (c === '"') {
        this.skipString();
        if (depth === 0) return;
        continue;
      }
      if (c === '{' || c === '[') depth++;
      else if (c === '}' || c === ']') depth--;
      else if (depth === 0 && (c === ',' || /\s/.test(c ?? ''))) return;
      this.pos++;
      if (depth === 0) return void this.skipScalarTail();
      if (depth < 0) return;
    }
  }

  private skipScalarTail(): void {
    while (this.pos < this.text.length && !/[,\]}\s]/.test(this.text[this.pos] ?? '')) this.pos++;
  }
}
