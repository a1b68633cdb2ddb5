import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

// One-way dependencies: components/ui and lib -> features/<x> -> app. Features never import each other.
const src = import.meta.dirname;

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

function imports(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)].map((m) =>
    resolve(dirname(file), m[1]!),
  );
}

const area = (path: string) => relative(src, path).split(sep).slice(0, 2).join('/');

describe('module boundaries', () => {
  it('features never import another feature or the app layer', () => {
    const offences = files(join(src, 'features')).flatMap((file) =>
      imports(file)
        .filter((target) => {
          const to = relative(src, target);
          return (to.startsWith('features') && area(target) !== area(file)) || to.startsWith('app');
        })
        .map((target) => `${relative(src, file)} -> ${relative(src, target)}`),
    );
    expect(offences).toEqual([]);
  });

  it('shared code (components, lib) never imports features or the app layer', () => {
    const shared = [...files(join(src, 'components')), ...files(join(src, 'lib'))];
    const offences = shared.flatMap((file) =>
      imports(file)
        .filter((target) => /^(features|app)\b/.test(relative(src, target)))
        .map((target) => `${relative(src, file)} -> ${relative(src, target)}`),
    );
    expect(offences).toEqual([]);
  });
});
