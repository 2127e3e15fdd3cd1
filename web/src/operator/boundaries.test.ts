import { describe, expect, it } from 'vitest';

// The console is a bundle of its own: it uses src/shared and nothing of the viewer's pages
// (src/app, src/features), and the viewer's pages never reach into it.

const sources = Object.fromEntries(
  Object.entries(
    import.meta.glob<string>(['/src/**/*.{ts,tsx}', '!/src/**/*.test.{ts,tsx}', '!/src/**/*.d.ts'], {
      query: '?raw',
      import: 'default',
      eager: true,
    }),
  ).map(([path, text]) => [path.replace(/^\/src\//, ''), text]),
);

function targets(from: string, text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?:import|export)[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const spec = m[1] ?? m[2] ?? '';
    if (spec.startsWith('@/')) out.push(spec.slice(2));
    else if (spec.startsWith('.')) {
      const parts = from.split('/').slice(0, -1);
      for (const seg of spec.split('/')) {
        if (seg === '..') parts.pop();
        else if (seg !== '.') parts.push(seg);
      }
      out.push(parts.join('/'));
    }
  }
  return out;
}

describe('console boundaries', () => {
  it('reads the console sources', () => {
    expect(Object.keys(sources).filter((p) => p.startsWith('operator/')).length).toBeGreaterThan(20);
  });

  it("imports nothing of the viewer's pages", () => {
    const bad = Object.entries(sources)
      .filter(([from]) => from.startsWith('operator/'))
      .flatMap(([from, text]) => targets(from, text).filter((to) => /^(app|features|test)\//.test(to)).map((to) => `${from} -> ${to}`));
    expect(bad).toEqual([]);
  });

  it('is imported by nothing outside it', () => {
    const bad = Object.entries(sources)
      .filter(([from]) => !from.startsWith('operator/'))
      .flatMap(([from, text]) => targets(from, text).filter((to) => to.startsWith('operator/')).map((to) => `${from} -> ${to}`));
    expect(bad).toEqual([]);
  });
});
