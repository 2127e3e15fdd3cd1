import { describe, expect, it } from 'vitest';

// Every visible text goes through i18n: no component (TSX outside tests) holds Russian or
// any other Cyrillic text. The language names of the pickers live in language.ts.

const components = import.meta.glob<string>(['/src/**/*.tsx', '!/src/**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('no hard-coded texts', () => {
  it('finds components to check', () => {
    expect(Object.keys(components).length).toBeGreaterThan(50);
  });

  it('has no Cyrillic in any component', () => {
    const hits = Object.entries(components).flatMap(([path, text]) =>
      text
        .split('\n')
        .map((line, i) => ({ line, n: i + 1 }))
        .filter(({ line }) => /\p{Script=Cyrillic}/u.test(line))
        .map(({ line, n }) => `${path}:${n}: ${line.trim()}`),
    );
    expect(hits).toEqual([]);
  });
});
