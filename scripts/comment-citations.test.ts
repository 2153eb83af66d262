// Comments cite only what a clone has: docs/product.md headings and decision numbers (decision 0063). Comments are
// read with TypeScript's parser, so a string or a template that happens to hold these words is not one.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const FOLDERS = ['src', 'scripts', 'tests', 'bench'];
const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs)$/;

/** Citations of things outside the repository: a tracker's issues, reviews, design documents kept beside it. */
const FOREIGN_CITATIONS = [
  { name: 'an issue number', pattern: /\bissues?\s*#?\d+/i },
  { name: 'a review', pattern: /\breview (findings?|items?)\b|\(review\b/i },
  { name: 'PRODUCT-DECISIONS', pattern: /PRODUCT-DECISIONS/i },
  { name: 'a section of a document (the specification)', pattern: /§\s*\d/ },
];

function listSourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true, recursive: true }).flatMap((entry) => {
    const file = path.join(entry.parentPath, entry.name);
    return entry.isFile() && SOURCE.test(entry.name) && !file.includes(`${path.sep}node_modules${path.sep}`)
      ? [file]
      : [];
  });
}

/** Every comment of a file with its line, each once. */
export function findComments(fileName: string, text: string): Array<{ line: number; text: string }> {
  const kind = /x$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, kind);
  const found = new Map<number, { line: number; text: string }>();
  const collect = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) {
      const line = source.getLineAndCharacterOfPosition(range.pos).line + 1;
      found.set(range.pos, { line, text: text.slice(range.pos, range.end) });
    }
  };
  // getChildren() includes punctuation, so a comment before a closing brace (`{/* x */}` in JSX) is found too.
  const visit = (node: ts.Node) => {
    collect(ts.getLeadingCommentRanges(text, node.pos));
    collect(ts.getTrailingCommentRanges(text, node.end));
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.line - b.line);
}

function findForeignCitations(text: string): string[] {
  return FOREIGN_CITATIONS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => name);
}

describe('comment citations', () => {
  it('finds comments, not strings, in TypeScript and JSX', () => {
    const code = [
      '// first, issue 12',
      "const a = 'issue 13'; // second",
      '/* third */ const b = `spec § 4`;',
      'const c = <div>{/* fourth */}</div>;',
    ].join('\n');
    expect(findComments('probe.tsx', code)).toEqual([
      { line: 1, text: '// first, issue 12' },
      { line: 2, text: '// second' },
      { line: 3, text: '/* third */' },
      { line: 4, text: '/* fourth */' },
    ]);
  });

  it('tells a foreign citation from a decision number or a docs/product.md heading', () => {
    expect(findForeignCitations('// See issue 23.')).toEqual(['an issue number']);
    expect(findForeignCitations('// (issue #7, review finding 3)')).toEqual(['an issue number', 'a review']);
    expect(findForeignCitations('// PRODUCT-DECISIONS #4')).toEqual(['PRODUCT-DECISIONS']);
    expect(findForeignCitations('// spec §5.2')).toEqual(['a section of a document (the specification)']);
    expect(findForeignCitations('// (review: a save racing a Clear)')).toEqual(['a review']);
    expect(findForeignCitations('// decision 0028; docs/product.md "Listings"')).toEqual([]);
    expect(findForeignCitations('// an issue with the cache, 12 entries')).toEqual([]);
  });

  it('finds in src/, scripts/, tests/ and bench/ only comments that cite docs/product.md or decisions', () => {
    const offenders = FOLDERS.flatMap((folder) => listSourceFiles(path.join(root, folder))).flatMap(
      (file) => {
        const relative = path.relative(root, file).split(path.sep).join('/');
        return findComments(file, fs.readFileSync(file, 'utf8')).flatMap(({ line, text }) =>
          findForeignCitations(text).map((name) => `${relative}:${line} cites ${name}`),
        );
      },
    );
    expect(offenders).toEqual([]);
  });
});
