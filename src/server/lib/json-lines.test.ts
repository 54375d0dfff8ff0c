import { describe, expect, it } from 'vitest';
import { lineOfJsonPath, lineOfJsonSyntaxError } from './json-lines';

const text = [
  '{', //                                  1
  '  "name": "x",', //                      2
  '  "phishing": {', //                     3
  '    "phishing_logo": "nope",', //        4
  '    "nested": { "deep": [1, 2] }', //    5
  '  },', //                                6
  '  "sei": [', //                          7
  '    { "id": "a" },', //                  8
  '    {', //                               9
  '      "id": "bad id!"', //               10
  '    }', //                               11
  '  ],', //                                12
  '  "awareness": {}', //                   13
  '}', //                                   14
].join('\n');

describe('lineOfJsonPath', () => {
  it('finds a nested field', () => {
    expect(lineOfJsonPath(text, ['phishing', 'phishing_logo'])).toBe(4);
    expect(lineOfJsonPath(text, ['phishing', 'nested', 'deep', 1])).toBe(5);
  });

  it('finds an array element by its index', () => {
    expect(lineOfJsonPath(text, ['sei', 1])).toBe(9);
    expect(lineOfJsonPath(text, ['sei', 1, 'id'])).toBe(10);
  });

  it('gives the line of the parent for a missing field', () => {
    expect(lineOfJsonPath(text, ['awareness', 'content'])).toBe(13);
    expect(lineOfJsonPath(text, ['sei', 5, 'id'])).toBe(7);
  });

  it('gives the start of the file for an empty path', () => {
    expect(lineOfJsonPath(`\n\n${text}`, [])).toBe(3);
  });
});

describe('lineOfJsonSyntaxError', () => {
  it('gives the line of the first syntax error', () => {
    expect(lineOfJsonSyntaxError('{\n  "a": 1\n  "b": 2\n}')).toBe(3);
    expect(lineOfJsonSyntaxError('{\n  "a": [1,\n  2,\n  ]\n}')).toBe(4);
  });

  it('reads strict JSON: comments and trailing commas are errors', () => {
    expect(lineOfJsonSyntaxError('{\n  // note\n  "a": 1\n}')).toBe(2);
    expect(lineOfJsonSyntaxError('{\n  "name": "x",\n}')).toBe(3);
  });

  it('finds nothing wrong in valid JSON', () => {
    expect(lineOfJsonSyntaxError(text)).toBeUndefined();
  });
});
