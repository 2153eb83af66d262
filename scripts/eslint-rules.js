// The project's own lint rule for import cycles (decisions 0028 and 0063): the layers are on
// eslint-plugin-boundaries, which has no cycle check. Imports are resolved against the importing file.
import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const SOURCE_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx'];

/** The file a relative import names (the project writes extensions; the rest is for `./x` and `./dir`). */
function resolveRelative(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => base + extension),
    ...SOURCE_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ];
  return candidates.find((candidate) => fs.statSync(candidate, { throwIfNoEntry: false })?.isFile());
}

/** Calls `check(sourceNode)` for every import, re-export, dynamic import and `import('x')` type of a file. */
function visitImportSources(check) {
  const visit = (node) => {
    if (node.source) check(node.source);
  };
  return {
    ImportDeclaration: visit,
    ExportNamedDeclaration: visit,
    ExportAllDeclaration: visit,
    ImportExpression: visit,
    TSImportType: (node) =>
      check(node.argument?.type === 'TSLiteralType' ? node.argument.literal : node.argument),
  };
}

// No import cycles, counting type-only imports and dynamic imports: a cycle of any kind means two files are one
// unit in two places (decision 0028). Files other than the one being linted are read from disk once per run.
const importsByFile = new Map();

function findImportedFiles(file) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  const cached = importsByFile.get(file);
  if (cached && cached.mtimeMs === stat?.mtimeMs) return cached.imports;
  const text = stat ? fs.readFileSync(file, 'utf8') : '';
  const imports = ts
    .preProcessFile(text, true, true)
    .importedFiles.map((entry) => entry.fileName)
    .filter((specifier) => specifier.startsWith('.'))
    .map((specifier) => resolveRelative(file, specifier))
    .filter((target) => target !== undefined);
  importsByFile.set(file, { mtimeMs: stat?.mtimeMs, imports });
  return imports;
}

/** The chain of imports from `start` back to `file`, or undefined when there is none. */
function findPathBack(start, file) {
  const previous = new Map([[start, undefined]]);
  const queue = [start];
  while (queue.length > 0) {
    const current = queue.shift();
    for (const next of findImportedFiles(current)) {
      if (next === file) {
        const chain = [current];
        while (previous.get(chain[0]) !== undefined) chain.unshift(previous.get(chain[0]));
        return chain;
      }
      if (previous.has(next)) continue;
      previous.set(next, current);
      queue.push(next);
    }
  }
  return undefined;
}

const noImportCycle = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.resolve(context.physicalFilename);
    return visitImportSources((source) => {
      if (typeof source?.value !== 'string' || !source.value.startsWith('.')) return;
      const target = resolveRelative(file, source.value);
      if (!target || target === file) return;
      const chain = findPathBack(target, file);
      if (!chain) return;
      const names = [file, ...chain, file].map((each) => path.relative(path.dirname(file), each) || '.');
      context.report({
        node: source,
        message: `Import cycle (type-only and dynamic imports count): ${names.join(' -> ')}. Move what both need into a third file.`,
      });
    });
  },
};

export const lootklipRules = { 'no-import-cycle': noImportCycle };
