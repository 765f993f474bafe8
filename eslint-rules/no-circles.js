import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Circles import-x/no-cycle does not see: it skips `import type` and looks at files only.
 * This rule also counts type imports, and treats each folder under a `modules` folder as one node,
 * so two modules that import each other through different files are a circle too (the server's
 * `modules/<domain>`, the web's `pages/dashboard/<area>`).
 * It reads the source tree once per lint run (from disk, not from the editor's buffer).
 */
const IMPORT = /^\s*(?:import|export)\b[^;'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/gm;

function resolveImport(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const candidate of [base.replace(/\.js$/, '.ts'), base.replace(/\.js$/, '.tsx'), base, `${base}.ts`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Tarjan's strongly connected components: node → id of its component (only components of 2+ nodes, or a self-loop). */
function circlesOf(graph) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const component = new Map();
  let counter = 0;
  const visit = (node) => {
    index.set(node, counter);
    low.set(node, counter++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), index.get(next)));
    }
    if (low.get(node) !== index.get(node)) return;
    const members = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      members.push(member);
    } while (member !== node);
    if (members.length > 1 || graph.get(node)?.has(node)) for (const m of members) component.set(m, node);
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return component;
}

const cache = new Map();

function circlesUnder(root, modulesDirs) {
  const key = [root, ...modulesDirs].join('\0');
  if (cache.has(key)) return cache.get(key);
  const files = new Map();
  const modules = new Map();
  /** The module a file belongs to, named by its folder under the root (`server/modules/auth`). */
  const moduleOf = (file) => {
    const dir = modulesDirs.find((candidate) => file.startsWith(candidate + path.sep));
    return dir && path.relative(root, path.join(dir, file.slice(dir.length + 1).split(path.sep)[0]));
  };
  for (const file of sourceFiles(root)) {
    const targets = new Set();
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = resolveImport(file, specifier);
      if (!target?.startsWith(root + path.sep)) continue;
      targets.add(target);
      const [from, to] = [moduleOf(file), moduleOf(target)];
      if (from && to && from !== to) modules.set(from, (modules.get(from) ?? new Set()).add(to));
    }
    files.set(file, targets);
  }
  const result = { files: circlesOf(files), modules: circlesOf(modules), moduleOf };
  cache.set(key, result);
  return result;
}

export const noCircles = {
  meta: {
    type: 'problem',
    docs: { description: 'No circle of imports, type imports included, between files or between module folders.' },
    schema: [
      {
        type: 'object',
        properties: {
          root: { type: 'string' },
          modules: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }] },
        },
        required: ['root', 'modules'],
        additionalProperties: false,
      },
    ],
    messages: {
      files: 'This import closes a circle of files (type imports count): move the shared type or function to the file lower down.',
      modules:
        'Modules {{from}} and {{to}} are in one circle of imports (through some of their files): move what the lower one takes from the upper one down into it.',
    },
  },
  create(context) {
    const cwd = context.cwd;
    const root = path.resolve(cwd, context.options[0].root);
    const modulesDirs = [context.options[0].modules].flat().map((dir) => path.resolve(cwd, dir));
    const file = path.resolve(context.filename);
    if (!file.startsWith(root + path.sep) || /\.test\.tsx?$/.test(file)) return {};
    const circles = circlesUnder(root, modulesDirs);
    const check = (node) => {
      if (!node.source || typeof node.source.value !== 'string' || !node.source.value.startsWith('.')) return;
      const target = resolveImport(file, node.source.value);
      if (!target) return;
      const fileCircle = circles.files.get(file);
      if (fileCircle !== undefined && circles.files.get(target) === fileCircle) {
        context.report({ node, messageId: 'files' });
        return;
      }
      const [from, to] = [circles.moduleOf(file), circles.moduleOf(target)];
      const moduleCircle = from && circles.modules.get(from);
      if (from && to && from !== to && moduleCircle !== undefined && circles.modules.get(to) === moduleCircle) {
        context.report({ node, messageId: 'modules', data: { from, to } });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

export default { rules: { 'no-circles': noCircles } };
