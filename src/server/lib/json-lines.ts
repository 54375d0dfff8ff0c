/**
 * Line numbers inside JSON text: where a field (by its path, as zod reports it) sits, and where a
 * syntax error is. Operators editing a campaign file by hand need "line 42", not just a path.
 */
import {
  findNodeAtLocation,
  parse,
  parseTree,
  type Node,
  type ParseError,
  type ParseOptions,
} from 'jsonc-parser';

// jsonc-parser reads JSON with comments by default; campaign files are plain JSON (JSON.parse
// reads them), so a comment or a trailing comma is an error here too.
const STRICT_JSON: ParseOptions = { disallowComments: true, allowTrailingComma: false };

/** 1-based line of the value at `path`; a missing field gives the line of its parent. */
export function lineOfJsonPath(text: string, path: readonly PropertyKey[]): number | undefined {
  let node = parseTree(text, undefined, STRICT_JSON);
  if (!node) return undefined;
  for (const segment of path) {
    const child = childAt(node, segment);
    if (!child) break;
    node = child;
  }
  return lineAt(text, node.offset);
}

/** 1-based line of the first syntax error in `text`, or undefined when it is valid JSON. */
export function lineOfJsonSyntaxError(text: string): number | undefined {
  const errors: ParseError[] = [];
  parse(text, errors, STRICT_JSON);
  const first = errors[0];
  return first ? lineAt(text, first.offset) : undefined;
}

function childAt(node: Node, segment: PropertyKey): Node | undefined {
  if (typeof segment === 'symbol') return undefined;
  // zod gives array indexes as numbers and object keys as strings; a number can still name an
  // object key ("0") when the schema is a record.
  const key = node.type === 'object' ? String(segment) : Number(segment);
  return findNodeAtLocation(node, [key]);
}

function lineAt(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
