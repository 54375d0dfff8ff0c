/**
 * The docs as the tests read them: README.md, BENCHMARKS.md and docs/*.md, their sections, and
 * the commands of their `sh` blocks. The operator walkthrough is the "## Walkthrough" section of
 * docs/operators.md; src/server/cli/docs-walkthrough.test.ts runs it, and
 * src/server/cli/docs-commands.test.ts accounts for every other command.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Where the walkthrough is: a level-2 section of one file. */
export const WALKTHROUGH = { file: 'docs/operators.md', heading: '## Walkthrough' } as const;

/** The Markdown files the docs tests read, relative to the checkout. */
export function docFiles(): string[] {
  const docs = readdirSync(path.join(repoRoot, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`);
  return ['README.md', 'BENCHMARKS.md', ...docs];
}

export function readDoc(file: string): string {
  return readFileSync(path.join(repoRoot, file), 'utf8');
}

/** A level-2 section, from its heading line up to the next level-2 heading. */
export function section(markdown: string, heading: string, file = 'the document'): string {
  const start = markdown.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`${file} has no "${heading}" section`);
  const end = markdown.indexOf('\n## ', start + 1);
  return markdown.slice(start, end === -1 ? undefined : end);
}

export function walkthroughSection(): string {
  return section(readDoc(WALKTHROUGH.file), WALKTHROUGH.heading, WALKTHROUGH.file);
}

/** The text of every fenced block of this language, in order. */
export function fencedBlocks(markdown: string, lang: string): string[] {
  return [...markdown.matchAll(/^```(\S*)\n([\s\S]*?)^```/gm)]
    .filter((match) => match[1] === lang)
    .map((match) => match[2] ?? '');
}

export interface ShCommand {
  /** The command as written: continuation lines joined, a trailing `# comment` left out. */
  command: string;
  /** The `#` lines under it: what the docs say it prints. */
  output: string[];
}

/** The commands of one `sh` block's text, each with the `#` output lines written under it. */
export function shCommands(text: string): ShCommand[] {
  const commands: ShCommand[] = [];
  for (const line of text.replace(/\\\n\s*/g, ' ').split('\n')) {
    if (!line.trim()) continue;
    const comment = /^#\s?(.*)$/.exec(line.trim());
    if (comment) {
      commands.at(-1)?.output.push(comment[1] ?? '');
      continue;
    }
    commands.push({ command: line.replace(/\s+#\s.*$/, '').trim(), output: [] });
  }
  return commands;
}
