import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterEach, describe, expect, it } from 'vitest';
import local from '../../eslint-rules/no-circles.js';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Writes a small source tree and lints each of its files with the rule; returns "file: message id" lines. */
function lint(files: Record<string, string>, modules: string | string[] = 'src/modules'): string[] {
  const root = mkdtempSync(path.join(tmpdir(), 'no-circles-'));
  dirs.push(root);
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, 'src', name)), { recursive: true });
    writeFileSync(path.join(root, 'src', name), text);
  }
  const linter = new Linter({ cwd: root });
  const config = {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser as Linter.Parser },
    plugins: { local },
    rules: { 'local/no-circles': ['error', { root: 'src', modules }] as Linter.RuleEntry },
  };
  return Object.entries(files).flatMap(([name, text]) =>
    linter
      .verify(text, config, { filename: path.join(root, 'src', name) })
      .map((problem) => `${name}: ${problem.messageId ?? problem.message}`),
  );
}

describe('local/no-circles', () => {
  it('finds a circle of two files made of type imports only', () => {
    expect(
      lint({
        'modules/analytics/report.ts':
          "import type { Row } from './repository.js';\nexport interface Spent { n: number }\nexport const f = (r: Row) => r;\n",
        'modules/analytics/repository.ts': "import type { Spent } from './report.js';\nexport interface Row { s: Spent }\n",
      }),
    ).toEqual(['modules/analytics/report.ts: files', 'modules/analytics/repository.ts: files']);
  });

  it('finds two modules importing each other through different files', () => {
    expect(
      lint({
        'modules/auth/presenter.ts': "import { settings } from '../actions/presenter.js';\nexport const user = settings;\n",
        'modules/auth/service.ts': 'export interface AuthDeps { db: string }\n',
        'modules/actions/presenter.ts': 'export const settings = 1;\n',
        'modules/actions/routes.ts': "import type { AuthDeps } from '../auth/service.js';\nexport type D = AuthDeps;\n",
      }),
    ).toEqual(['modules/auth/presenter.ts: modules', 'modules/actions/routes.ts: modules']);
  });

  it('treats each folder under every listed modules folder as one node, files beside them as their own', () => {
    const files = {
      'web/areas/actions/list.ts': "import { Start } from '../start/start.js';\nexport const list = Start;\n",
      'web/areas/start/start.ts': "import { title } from '../title.js';\nexport const Start = title;\n",
      'web/areas/start/plan.ts': "import { fact } from '../actions/fact.js';\nexport const plan = fact;\n",
      'web/areas/actions/fact.ts': 'export const fact = 1;\n',
      'web/areas/title.ts': 'export const title = 1;\n',
      'web/areas/frame.ts': "import { list } from './actions/list.js';\nexport const frame = list;\n",
    };
    expect(lint(files, ['src/modules', 'src/web/areas'])).toEqual([
      'web/areas/actions/list.ts: modules',
      'web/areas/start/plan.ts: modules',
    ]);
    expect(lint(files)).toEqual([]);
  });

  it('lets imports point one way, and ignores tests and files outside the root', () => {
    expect(
      lint({
        'modules/actions/presenter.ts': "import { user } from '../auth/presenter.js';\nexport const settings = user;\n",
        'modules/auth/presenter.ts': 'export const user = 1;\n',
        'modules/auth/presenter.test.ts': "import { settings } from '../actions/presenter.js';\nexport const t = settings;\n",
      }),
    ).toEqual([]);
  });
});
