/**
 * The layer rules of src/, read from the import statements themselves so that a new import across
 * a layer fails here instead of silently coupling the pure core to I/O:
 * - ground (src/ground, src/errors.ts) imports nothing of ours outside itself;
 * - the MEBDF compiler (src/mebdf) imports nothing from the Docs side (src/docs);
 * - the Docs compiler (src/docs outside service/ and backends/) imports no use case and no backend;
 * - the engine (src/docs/engine) imports nothing from the compiler (export, import, styles).
 * Type-only imports count: a type pulled across a layer couples the layers just the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/**
 * The relative specifiers a module imports: static `import`/`export … from` declarations (which
 * start a line in formatted code and hold no `;` before their `from`), side-effect imports and
 * dynamic `import('…')`. Package specifiers are not ours and are left out.
 */
function importSpecifiers(source: string): string[] {
  const found = [
    ...source.matchAll(/^(?:import|export)\b[^;]*?\bfrom\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/^import\s*['"]([^'"]+)['"]/gm),
    ...source.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]!);
  return found.filter((spec) => spec.startsWith('.'));
}

/** The repo-relative .ts file a relative specifier of `file` names. */
function resolve(file: string, spec: string): string {
  return path.posix.join(path.posix.dirname(file), spec).replace(/\.js$/, '.ts');
}

interface Rule {
  name: string;
  /** Which importing files the rule is about (repo-relative paths). */
  applies: (file: string) => boolean;
  /** True when importing `target` from such a file breaks the rule. */
  forbids: (target: string) => boolean;
}

const under = (dir: string) => (file: string) => file.startsWith(`${dir}/`);
const COMPILER = ['src/docs/export', 'src/docs/import', 'src/docs/styles'];
const SERVICES = ['src/docs/service', 'src/docs/backends'];

const RULES: Rule[] = [
  {
    name: 'ground (src/ground) imports nothing of ours outside itself',
    applies: under('src/ground'),
    forbids: (target) => !under('src/ground')(target),
  },
  {
    name: 'src/errors.ts imports nothing of ours',
    applies: (file) => file === 'src/errors.ts',
    forbids: () => true,
  },
  {
    name: 'the MEBDF compiler (src/mebdf) imports nothing from src/docs',
    applies: under('src/mebdf'),
    forbids: under('src/docs'),
  },
  {
    name: 'src/docs outside service/ and backends/ imports no use case and no backend',
    applies: (file) => under('src/docs')(file) && !SERVICES.some((dir) => under(dir)(file)),
    forbids: (target) => SERVICES.some((dir) => under(dir)(target)),
  },
  {
    name: 'the engine (src/docs/engine) imports nothing from the compiler',
    applies: under('src/docs/engine'),
    forbids: (target) => COMPILER.some((dir) => under(dir)(target)),
  },
];

/** "file -> target" for every import that breaks a rule, per rule name. */
function violations(modules: Map<string, string>): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const rule of RULES) {
    const broken: string[] = [];
    for (const [file, source] of modules) {
      if (!rule.applies(file)) continue;
      for (const spec of importSpecifiers(source)) {
        const target = resolve(file, spec);
        if (rule.forbids(target)) broken.push(`${file} -> ${target}`);
      }
    }
    out[rule.name] = broken;
  }
  return out;
}

function sourceModules(): Map<string, string> {
  const modules = new Map<string, string>();
  const walk = (dir: string): void => {
    for (const entry of readdirSync(`${ROOT}${dir}`, { withFileTypes: true })) {
      const rel = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(rel);
      else if (entry.name.endsWith('.ts')) modules.set(rel, readFileSync(`${ROOT}${rel}`, 'utf8'));
    }
  };
  walk('src');
  return modules;
}

const clean = Object.fromEntries(RULES.map((rule) => [rule.name, []]));

describe('layer rules of src/', () => {
  it('hold for every import in src/**/*.ts', () => {
    const modules = sourceModules();
    expect(modules.size).toBeGreaterThan(100);
    expect(violations(modules)).toEqual(clean);
  });

  it('the import reader sees static, multi-line, type-only, re-export and dynamic imports', () => {
    const source = [
      "import { a } from './a.js';",
      'import {',
      '  b,',
      '  type C,',
      "} from '../b.js';",
      "import type { D } from './d.js';",
      "export * from './e.js';",
      "export { f } from './f.js';",
      "import './g.js';",
      "import { z } from 'zod';",
      'async function h() {',
      "  return await import('./h.js');",
      '}',
      ' * not an import: from "./comment.js"',
    ].join('\n');
    expect(importSpecifiers(source)).toEqual([
      './a.js',
      '../b.js',
      './d.js',
      './e.js',
      './f.js',
      './g.js',
      './h.js',
    ]);
  });

  it('each rule catches an import that breaks it', () => {
    const bad = new Map([
      ['src/ground/backend.ts', "import type { Plan } from '../docs/import/index.js';"],
      ['src/errors.ts', "import { x } from './ground/docs-json.js';"],
      ['src/mebdf/model.ts', "import type { Document } from '../docs/index.js';"],
      ['src/docs/styles/extract.ts', "import type { StyleDefinition } from '../service/contract.js';"],
      ['src/docs/export/tabs.ts', "const m = await import('../backends/local.js');"],
      ['src/docs/engine/batch.ts', "import { planImport } from '../import/index.js';"],
    ]);
    const found = violations(bad);
    for (const rule of RULES) expect(found[rule.name], rule.name).not.toEqual([]);
    expect(Object.values(found).flat()).toHaveLength(bad.size);
  });
});
