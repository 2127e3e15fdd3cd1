import { describe, expect, it } from 'vitest';

// Imports flow app -> features -> shared. A feature reaches another feature
// only through its public index ('@/features/<name>'), and shared code knows
// nothing of features or the app. This test is the lint rule that keeps it so.

// Every source file as text, keyed by its path inside src ('features/auth/x.ts').
const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/*.d.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\/src\//, ''), text]),
);

/** Resolves a relative import against the importing file's folder. */
function join(fromFile: string, spec: string): string {
  const parts = fromFile.split('/').slice(0, -1);
  for (const seg of spec.split('/')) {
    if (seg === '..') parts.pop();
    else if (seg !== '.') parts.push(seg);
  }
  return parts.join('/');
}

/** The import target as a path inside src ('features/auth/x', 'shared/api'), or null for packages. */
function target(from: string, spec: string): string | null {
  if (spec.startsWith('@/')) return spec.slice(2);
  if (spec.startsWith('.')) return join(from, spec);
  return null;
}

function violations(): string[] {
  const out: string[] = [];
  for (const [from, text] of Object.entries(sources)) {
    const [layer, feature] = from.split('/');
    for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const to = target(from, m[1] ?? m[2] ?? '');
      if (!to) continue;
      const [toLayer, toFeature, ...rest] = to.split('/');
      if (layer === 'shared' && (toLayer === 'features' || toLayer === 'app')) out.push(`${from} -> ${to}`);
      if (layer === 'features' && toLayer === 'app') out.push(`${from} -> ${to}`);
      if (layer === 'features' && toLayer === 'features' && toFeature !== feature && rest.length > 0 && rest.join('/') !== 'index')
        out.push(`${from} -> ${to} (use '@/features/${toFeature}')`);
      if (layer === 'app' && toLayer === 'features' && rest.length > 0 && rest.join('/') !== 'index')
        out.push(`${from} -> ${to} (use '@/features/${toFeature}')`);
    }
  }
  return out;
}

describe('module boundaries', () => {
  it('keeps imports flowing app -> features (public index) -> shared', () => {
    expect(violations()).toEqual([]);
  });

  it('reads the source tree', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(50);
  });
});
